import { z } from 'zod';

/** POST /oauth/token — form fields (spec 000 §7). */
export const TokenRequest = z.object({
  // Bounded: an unbounded name reached the failed-sign-in index (btree rows stop at ~2.7 kB) as a 500.
  username: z.string({ error: 'username is required' }).max(256, 'username must be at most 256 characters').trim().min(1, 'username is required'),
  password: z.string({ error: 'password is required' }).max(1000, 'password must be at most 1000 characters').min(1, 'password is required'),
  grant_type: z.literal('password', { error: "grant_type must be 'password'" }),
});
export type TokenRequest = z.infer<typeof TokenRequest>;

/** Successful token response; `roles` is JSON text of a role-name array, as the spec's client parses it. */
export const TokenResponse = z.object({
  access_token: z.string(),
  token_type: z.literal('bearer'),
  expires_in: z.number().int().positive(),
  roles: z.string(),
  userName: z.string(),
});
export type TokenResponse = z.infer<typeof TokenResponse>;

/** Failed token response (HTTP 400), shown under the login form. */
export const TokenError = z.object({ error: z.string(), error_description: z.string() });
export type TokenError = z.infer<typeof TokenError>;
