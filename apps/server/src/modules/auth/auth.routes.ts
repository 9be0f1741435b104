import { ROLE_NAMES, RolesResponse, TokenError, TokenRequest, TokenResponse } from '@opencrt/contracts';
import { z } from 'zod';
import { requireUser } from '../../auth/authenticate.ts';
import { DeviceCookies } from '../../auth/device-cookies.ts';
import type { ApiModule } from '../module.ts';
import { revokeSession, signIn } from './auth.service.ts';

/** Sign-in (OAuth2 password grant as the spec's client calls it), sign-out and the role list. */
/**
 * The assignable roles: the fixed set every start seeds into the roles table (seedRoles), so the
 * answer needs no database read (GET /roles is what the screens call on every admin page).
 */
const ROLE_LIST = [...ROLE_NAMES].sort((a, b) => a.localeCompare(b, 'en')).map((name) => ({ Name: name }));

export const authModule: ApiModule = {
  name: 'auth',
  register(api, ctx) {
    const devices = new DeviceCookies(ctx.tokens.deriveKey('device-cookie'));
    api.post('/oauth/token', {
      config: { permission: 'public', rateLimit: { max: ctx.config.signInRequestsPerMinute, timeWindow: '1 minute' } },
      // Validated by hand: a bad form must still answer in the OAuth error shape the login form reads.
      schema: { tags: ['auth'], summary: 'Sign in (form: username, password, grant_type=password)', response: { 200: TokenResponse, 400: TokenError } },
    }, async (request, reply) => {
      const form = TokenRequest.safeParse(request.body ?? {});
      if (!form.success) {
        const description = form.error.issues.map((i) => i.message).join('\n');
        return reply.code(400).send({ error: 'invalid_request', error_description: description });
      }
      const client = { address: request.ip, cookies: request.headers.cookie, https: request.protocol === 'https' };
      const result = await signIn(ctx, devices, form.data.username, form.data.password, client);
      if (!result.ok) return reply.code(400).send({ error: result.error, error_description: result.description });
      reply.header('set-cookie', result.deviceCookie);
      return {
        access_token: result.token,
        token_type: 'bearer' as const,
        expires_in: result.expiresIn,
        roles: JSON.stringify(result.roles),
        userName: result.username,
      };
    });

    api.post('/oauth/logout', {
      config: { permission: 'session' },
      schema: { tags: ['auth'], summary: 'Sign out: revoke the current token', response: { 204: z.null() } },
    }, async (request, reply) => {
      const user = requireUser(request);
      const token = request.headers.authorization?.replace(/^Bearer\s+/i, '') ?? '';
      await revokeSession(ctx, user.id, token);
      return reply.code(204).send(null);
    });

    api.get('/roles', {
      config: { permission: 'session' },
      schema: { tags: ['auth'], summary: 'Roles that can be assigned to users', response: { 200: RolesResponse } },
    }, async () => ROLE_LIST);
  },
};
