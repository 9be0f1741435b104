import {
  AccessLogRequest,
  ConfigResponse,
  ContactRequest,
  ContactResponse,
  LogRequest,
  RegisteredResponse,
  RegisterRequest,
  RegisterResponse,
} from '@opencrt/contracts';
import { z } from 'zod';
import { requireUser } from '../../auth/authenticate.ts';
import { contactRequestMail } from '../../mail/account-mail.ts';
import { mailerOf } from '../../mail/mailer.ts';
import type { ApiModule } from '../module.ts';
import { isAuidRegistered, logTrialAccess, registerTrialUser } from './register.service.ts';

const tags = ['public'];

/** Public endpoints of the home and trial pages, and the client error log. */
export const publicFormsModule: ApiModule = {
  name: 'public-forms',
  register(api, ctx) {
    api.get('/config', {
      config: { permission: 'public' },
      schema: { tags, summary: 'Environment label and contact address for the shell', response: { 200: ConfigResponse } },
    }, async () => ({ EnvironmentLabel: ctx.config.environmentLabel, ContactEmail: ctx.config.contactEmail }));

    api.post('/contact', {
      config: { permission: 'public', rateLimit: { max: 20, timeWindow: '1 minute' } },
      schema: { tags, summary: 'Store a contact request', body: ContactRequest, response: { 200: ContactResponse } },
    }, async (request) => {
      const b = request.body;
      const row = await ctx.db
        .insertInto('contact_requests')
        .values({
          type: b.Type, first_name: b.FirstName, last_name: b.LastName, company: b.Company,
          position: b.Position, email: b.Email, phone_number: b.PhoneNumber, comments: b.Comments,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      // The request is stored first (never lost); the notification to the contact address follows.
      await mailerOf(ctx, api.log).deliver(contactRequestMail(ctx.config.contactEmail, row.id, b));
      return { Id: row.id };
    });

    api.post('/log', {
      // Public: failures on the home page happen before sign-in. Rate-limited so it cannot flood the table.
      config: { permission: 'public', rateLimit: { max: 60, timeWindow: '1 minute' } },
      schema: { tags, summary: 'Client error log entry', body: LogRequest, response: { 204: z.null() } },
    }, async (request, reply) => {
      const b = request.body;
      await ctx.db
        .insertInto('client_error_log')
        .values({ user_id: request.user?.id ?? null, level: b.level, message: b.message, stacktrace: b.stacktrace ?? null })
        .execute();
      return reply.code(204).send(null);
    });

    api.post('/register', {
      config: { permission: 'public', rateLimit: { max: 10, timeWindow: '1 minute' } },
      schema: { tags, summary: 'Trial registration (role User)', body: RegisterRequest, response: { 200: RegisterResponse } },
    }, async (request) => registerTrialUser(ctx, request.body));

    api.get('/register/checkIfUserIsRegistered/:auid', {
      config: { permission: 'public' },
      schema: {
        tags, summary: 'Whether a trial invitation id already belongs to a user',
        params: z.object({ auid: z.string().min(1).max(100) }), response: { 200: RegisteredResponse },
      },
    }, async (request) => ({ IsRegistered: await isAuidRegistered(ctx, request.params.auid) }));

    api.post('/register/logAccess', {
      config: { permission: 'session' },
      schema: { tags, summary: 'Trial access log entry', body: AccessLogRequest, response: { 204: z.null() } },
    }, async (request, reply) => {
      await logTrialAccess(ctx, requireUser(request).id, request.body);
      return reply.code(204).send(null);
    });
  },
};
