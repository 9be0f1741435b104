/**
 * User administration and accounts (spec 002 §7 user, role, password and administrator calls;
 * issue 14), all under /api. Admin-only unless noted:
 *
 * | route | answer |
 * |---|---|
 * | GET /users, GET /users/{id} | `User` rows (Id, Username, Email, EmailConfirmed, Roles, IsEnabled), disabled users included |
 * | POST /users | create {Username, Password, ConfirmPassword, Roles, Email?} |
 * | PUT /users/{id} | {IsEnabled?, Email?} |
 * | DELETE /users/{id} | delete |
 * | PUT /users/{id}/roles | list of role names |
 * | GET/POST /administrator/user/{id}/deals, …/scenarios | assignments; POST takes the changed rows only |
 * | PUT /administrator/deal/{deal}/assign_all, DELETE …/remove_all | one deal for every user |
 * | GET /administrator/outbox | mail kept when no SMTP server is configured |
 * | POST /users/reset | public {Email} (same answer either way) or Admin {UserId} (204: no confirmed address) |
 * | POST /users/reset/callback | public {UserId, Code, NewPassword} |
 * | POST /users/confirm_email | public {UserId, Code} |
 * | PUT /passwords | signed in {OldPassword, NewPassword, ConfirmPassword} |
 *
 * Each success answers `{ Message }` with the notice the screen shows (spec 002 §8).
 */
import {
  ACCOUNT_MESSAGES, ChangePasswordRequestSchema, ConfirmEmailRequestSchema, CreateUserRequestSchema, CreateUserResponseSchema,
  DealAssignParamsSchema, DealAssignmentChangesSchema, DealAssignmentsSchema, MessageResponseSchema, OutboxSchema,
  PasswordResetCallbackSchema, PasswordResetRequestSchema, ScenarioAssignmentChangesSchema, ScenarioAssignmentsQuery, ScenarioAssignmentsSchema,
  SetRolesRequestSchema, UpdateUserRequestSchema, UserIdParamsSchema, UserSchema, UsersSchema,
} from '@opencrt/contracts';
import { z } from 'zod';
import { requireUser } from '../../auth/authenticate.ts';
import { rolesGrant } from '../../auth/permissions.ts';
import { Forbidden, Unauthorized } from '../../http/errors.ts';
import { mailerOf } from '../../mail/mailer.ts';
import type { ApiModule } from '../module.ts';
import {
  assignDealToAll, changeUserDeals, changeUserScenarios, removeDealFromAll, userDeals, userScenarios,
} from './assignments.service.ts';
import { confirmEmail, EMAIL_CONFIRMED } from './email-confirmation.ts';
import { changePassword, completeReset, requestResetByAdmin, requestResetByEmail } from './passwords.service.ts';
import { accountsDb } from './users.tables.ts';
import { createUser, deleteUser, getUser, listUsers, setRoles, updateUser } from './users.service.ts';

const admin = { permission: 'admin' as const };
const tags = ['users'];
const message = { 200: MessageResponseSchema };

export const usersModule: ApiModule = {
  name: 'users',
  register(api, ctx) {
    const mailer = mailerOf(ctx, api.log);
    api.addHook('onClose', async () => { await mailer.close(); });

    api.get('/users', {
      config: admin, schema: { tags, summary: 'Every user with roles and enabled flag', response: { 200: UsersSchema } },
    }, () => listUsers(ctx.db));

    api.get('/users/:id', {
      config: admin, schema: { tags, summary: 'One user', params: UserIdParamsSchema, response: { 200: UserSchema } },
    }, (request) => getUser(ctx.db, request.params.id));

    api.post('/users', {
      config: admin,
      schema: { tags, summary: 'Create a user', body: CreateUserRequestSchema, response: { 200: CreateUserResponseSchema } },
    }, async (request) => {
      const user = await createUser(ctx, request.body);
      return { ...user, Message: `The user ${user.Username} has been created successfully.` };
    });

    api.put('/users/:id', {
      config: admin,
      schema: { tags, summary: 'Enable or disable a user (IsEnabled); set the e-mail address (Email)', params: UserIdParamsSchema, body: UpdateUserRequestSchema, response: message },
    }, async (request) => {
      await updateUser(ctx, request.params.id, request.body);
      return { Message: "User's info has been updated." };
    });

    api.delete('/users/:id', {
      config: admin, schema: { tags, summary: 'Delete a user', params: UserIdParamsSchema, response: message },
    }, async (request) => {
      const username = await deleteUser(ctx, request.params.id, requireUser(request).id);
      return { Message: `The user ${username} has been deleted.` };
    });

    api.put('/users/:id/roles', {
      config: admin,
      schema: { tags, summary: "Replace a user's roles", params: UserIdParamsSchema, body: SetRolesRequestSchema, response: message },
    }, async (request) => {
      await setRoles(ctx, request.params.id, request.body);
      return { Message: "User's roles have been updated." };
    });

    api.get('/administrator/user/:id/deals', {
      config: admin, schema: { tags: ['admin'], summary: 'Every deal with whether the user has it', params: UserIdParamsSchema, response: { 200: DealAssignmentsSchema } },
    }, (request) => userDeals(ctx.db, request.params.id));

    api.post('/administrator/user/:id/deals', {
      config: admin,
      schema: { tags: ['admin'], summary: "Change a user's deals (changed rows only)", params: UserIdParamsSchema, body: DealAssignmentChangesSchema, response: message },
    }, async (request) => {
      await changeUserDeals(ctx.db, request.params.id, request.body);
      return { Message: "User's deals list have been updated." };
    });

    api.get('/administrator/user/:id/scenarios', {
      config: admin,
      schema: {
        tags: ['admin'], summary: 'Every scenario with whether the user has it, by name; a page of limit (default and most 5,000) from offset',
        description: 'x-total-count: how many scenarios there are in all.',
        params: UserIdParamsSchema, querystring: ScenarioAssignmentsQuery, response: { 200: ScenarioAssignmentsSchema },
      },
    }, async (request, reply) => {
      const { list, total } = await userScenarios(ctx.db, request.params.id, request.query);
      void reply.header('x-total-count', String(total));
      return list;
    });

    api.post('/administrator/user/:id/scenarios', {
      config: admin,
      schema: { tags: ['admin'], summary: "Change a user's scenarios (changed rows only)", params: UserIdParamsSchema, body: ScenarioAssignmentChangesSchema, response: message },
    }, async (request) => {
      await changeUserScenarios(ctx.db, request.params.id, request.body);
      return { Message: "User's scenarios list have been updated." };
    });

    api.put('/administrator/deal/:deal/assign_all', {
      config: admin, schema: { tags: ['admin'], summary: 'Assign a deal to every user', params: DealAssignParamsSchema, response: message },
    }, async (request) => ({ Message: `The deal ${await assignDealToAll(ctx.db, request.params.deal)} has been assigned to all users.` }));

    api.delete('/administrator/deal/:deal/remove_all', {
      config: admin, schema: { tags: ['admin'], summary: 'Remove a deal from every user', params: DealAssignParamsSchema, response: message },
    }, async (request) => ({ Message: `The deal ${await removeDealFromAll(ctx.db, request.params.deal)} has been unassigned to all users.` }));

    api.get('/administrator/outbox', {
      config: admin, schema: { tags: ['admin'], summary: 'The latest 100 messages kept in the outbox (no SMTP server configured)', response: { 200: OutboxSchema } },
    }, async () => {
      const rows = await accountsDb(ctx.db).selectFrom('mail_outbox').selectAll().orderBy('id', 'desc').limit(100).execute();
      return rows.map((r) => ({ Id: r.id, To: r.to_address, Subject: r.subject, Text: r.text_body, CreatedAt: new Date(r.created_at).toISOString() }));
    });

    api.post('/users/reset', {
      // Public for {Email} (forgotten password); {UserId} is the admin's action, checked below.
      config: { permission: 'public', rateLimit: { max: 30, timeWindow: '1 minute' } },
      schema: {
        tags, summary: 'Start a password reset: {Email} (anyone; same answer either way) or {UserId} (Admin; 204 without a confirmed address)',
        body: PasswordResetRequestSchema, response: { ...message, 204: z.null() },
      },
    }, async (request, reply) => {
      const body = request.body;
      if ('UserId' in body) {
        if (!request.user) throw new Unauthorized();
        if (!rolesGrant(request.user.roles, 'admin')) throw new Forbidden();
        const sent = await requestResetByAdmin(ctx, body.UserId);
        if (!sent) return reply.code(204).send(null);
        return { Message: ACCOUNT_MESSAGES.resetInitiated };
      }
      await requestResetByEmail(ctx, body.Email);
      return { Message: ACCOUNT_MESSAGES.forgotAnswer };
    });

    api.post('/users/reset/callback', {
      config: { permission: 'public', rateLimit: { max: 20, timeWindow: '1 minute' } },
      schema: { tags, summary: 'Set a new password with the code of a reset link', body: PasswordResetCallbackSchema, response: message },
    }, async (request) => {
      await completeReset(ctx, request.body);
      return { Message: 'You password has been successfully changed.' };
    });

    api.post('/users/confirm_email', {
      config: { permission: 'public', rateLimit: { max: 20, timeWindow: '1 minute' } },
      schema: { tags, summary: 'Confirm an e-mail address with the code of a confirmation link', body: ConfirmEmailRequestSchema, response: message },
    }, async (request) => {
      await confirmEmail(ctx, request.body.UserId, request.body.Code);
      return { Message: EMAIL_CONFIRMED };
    });

    api.put('/passwords', {
      config: { permission: 'session', rateLimit: { max: 20, timeWindow: '1 minute' } },
      schema: { tags, summary: 'Change the signed-in user\'s password (ends their other sessions)', body: ChangePasswordRequestSchema, response: message },
    }, async (request) => {
      const user = requireUser(request);
      const token = request.headers.authorization?.replace(/^Bearer\s+/i, '') ?? '';
      const claims = await ctx.tokens.verify(token);
      await changePassword(ctx, user.id, claims?.sessionId, request.body);
      return { Message: ACCOUNT_MESSAGES.passwordChanged };
    });
  },
};
