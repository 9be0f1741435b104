import { z } from 'zod';
import { RoleName, pageQuerySchema } from './common.ts';

/**
 * User administration, accounts and password flows (spec 002 §3, §5, §7; issue 14).
 * Messages the spec gives ('Please enter username and password', 'Password confirmation does not
 * match') are checked by the server's services so they come back verbatim in `Message`; the
 * schemas here only bound sizes and shapes.
 */

/** Spec 002 §5 texts, shared by the forms and the server. */
export const ACCOUNT_MESSAGES = {
  usernameAndPassword: 'Please enter username and password',
  confirmationMismatch: 'Password confirmation does not match',
  invalidEmail: 'Email does not seem valid',
  required: 'This field is required',
  passwordTooShort: 'Password must be at least 8 characters.',
  /** POST /users/reset {Email}: the same answer whether or not the address is known (spec 002 §8). */
  forgotAnswer: 'If you were registered in the system, you should receive the email with a link to proceed.',
  resetInitiated: "User's password reset has been initiated.",
  passwordChanged: 'Password changed',
  resetFailed: 'Failed to reset the password.',
} as const;

export const MIN_PASSWORD_LENGTH = 8;

/** User names: what trial registration accepts (letters, digits, . _ @ -). */
export const USERNAME_PATTERN = /^[A-Za-z0-9._@-]+$/;

const password = z.string().max(200);
const email = z.string().trim().max(254);

export const UserIdParamsSchema = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });
export const DealAssignParamsSchema = z.object({ deal: z.string().trim().min(1).max(100) });

/** GET /users, GET /users/{id}. */
export const UserSchema = z.object({
  Id: z.number().int(),
  Username: z.string(),
  Email: z.string().nullable(),
  EmailConfirmed: z.boolean(),
  Roles: z.array(z.string()),
  IsEnabled: z.boolean(),
});
export type User = z.infer<typeof UserSchema>;
export const UsersSchema = z.array(UserSchema);

/** POST /users. Email is optional (an address gets a confirmation link). */
export const CreateUserRequestSchema = z.object({
  Username: z.string().trim().max(64).default(''),
  Password: password.default(''),
  ConfirmPassword: password.default(''),
  Roles: z.array(RoleName).max(20).default([]),
  Email: email.optional().nullable(),
});
export type CreateUserRequest = z.input<typeof CreateUserRequestSchema>;
export const CreateUserResponseSchema = z.object({ Id: z.number().int(), Username: z.string(), Message: z.string() });

/** PUT /users/{id}: enable/disable (spec) and, as an addition, the e-mail address. */
export const UpdateUserRequestSchema = z.object({
  IsEnabled: z.boolean().optional(),
  Email: email.optional().nullable(),
});
export type UpdateUserRequest = z.infer<typeof UpdateUserRequestSchema>;

/** Answers of the admin calls: the notice the screen shows. */
export const MessageResponseSchema = z.object({ Message: z.string() });
export type MessageResponse = z.infer<typeof MessageResponseSchema>;

/** PUT /users/{id}/roles: the full list of role names. */
export const SetRolesRequestSchema = z.array(RoleName).max(20);

/** GET/POST /administrator/user/{id}/deals. */
export const DealAssignmentSchema = z.object({ DealName: z.string().trim().min(1).max(100), IsAssigned: z.boolean() });
export type DealAssignment = z.infer<typeof DealAssignmentSchema>;
export const DealAssignmentsSchema = z.array(DealAssignmentSchema);
export const DealAssignmentChangesSchema = z.array(DealAssignmentSchema).max(10_000);

/** GET/POST /administrator/user/{id}/scenarios. POST uses Id and IsAssigned of the changed rows. */
export const ScenarioAssignmentSchema = z.object({
  Id: z.number().int(),
  Name: z.string(),
  Vendor: z.string().nullable(),
  DealName: z.string().nullable(),
  Owner: z.string(),
  Owned: z.boolean(),
  IsAssigned: z.boolean(),
});
export type ScenarioAssignment = z.infer<typeof ScenarioAssignmentSchema>;
export const ScenarioAssignmentsSchema = z.array(ScenarioAssignmentSchema);
/**
 * GET /administrator/user/{id}/scenarios?limit&offset (issue 32 #6): every user's scenarios are one
 * list that grows with the users, so it is paged; the default page (5,000, by name) is what the
 * admin screen's dialog reads.
 */
export const ScenarioAssignmentsQuery = pageQuerySchema(5_000, 5_000);
export const ScenarioAssignmentChangesSchema = z.array(
  z.object({ Id: z.number().int().positive().max(2_147_483_647), IsAssigned: z.boolean() }).loose(),
).max(10_000);

/** POST /users/reset: {Email} (anyone) or {UserId} (admins). */
export const PasswordResetRequestSchema = z.union([
  z.object({ UserId: z.number().int().positive().max(2_147_483_647) }),
  z.object({ Email: email }),
], { error: 'Provide Email or UserId.' });
export type PasswordResetRequest = z.infer<typeof PasswordResetRequestSchema>;

/** POST /users/reset/callback (the link's code; spec 002 §7). */
export const PasswordResetCallbackSchema = z.object({
  UserId: z.number().int().positive().max(2_147_483_647),
  Code: z.string().min(1).max(200),
  NewPassword: password,
});
export type PasswordResetCallback = z.infer<typeof PasswordResetCallbackSchema>;

/** PUT /passwords (settings). */
export const ChangePasswordRequestSchema = z.object({
  OldPassword: password.default(''),
  NewPassword: password.default(''),
  ConfirmPassword: password.default(''),
});
export type ChangePasswordRequest = z.input<typeof ChangePasswordRequestSchema>;

/** POST /users/confirm_email (the confirmation link's page). */
export const ConfirmEmailRequestSchema = z.object({
  UserId: z.number().int().positive().max(2_147_483_647),
  Code: z.string().min(1).max(200),
});

/** GET /administrator/outbox: mail kept in the database when no SMTP server is configured. */
export const OutboxMessageSchema = z.object({
  Id: z.number().int(),
  To: z.string(),
  Subject: z.string(),
  Text: z.string(),
  CreatedAt: z.string(),
});
export type OutboxMessage = z.infer<typeof OutboxMessageSchema>;
export const OutboxSchema = z.array(OutboxMessageSchema);
