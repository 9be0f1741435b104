import { z } from 'zod';

// Messages are spec 000 §5's, so the server and the forms say the same thing.
const requiredName = (label: string) =>
  z
    .string({ error: `${label} is required.` })
    .trim()
    .min(1, { error: `${label} is required.`, abort: true })
    .regex(/\p{L}/u, `${label} must have at least 1 letters.`)
    .max(100, `${label} must be at most 100 characters.`);

const optionalText = (max: number) => z.string().trim().max(max).optional().default('');

/** POST /contact — contact request. */
export const ContactRequest = z.object({
  Type: optionalText(100),
  FirstName: requiredName('First Name'),
  LastName: requiredName('Last Name'),
  Company: optionalText(200),
  Position: optionalText(200),
  Email: z
    .string({ error: 'Email is required.' })
    .max(254)
    .trim()
    .min(1, { error: 'Email is required.', abort: true })
    .pipe(z.email('Please enter a valid email.')),
  PhoneNumber: optionalText(50),
  Comments: optionalText(4000),
});
export type ContactRequest = z.infer<typeof ContactRequest>;
export const ContactResponse = z.object({ Id: z.number().int() });

/** POST /log — client error log entry. */
export const LogRequest = z.object({
  level: z.number().int().min(0).max(10),
  message: z.string().max(10_000),
  stacktrace: z.string().max(50_000).optional().nullable(),
});
export type LogRequest = z.infer<typeof LogRequest>;

/** POST /register — trial registration; messages as spec 000 §5. */
export const RegisterRequest = z
  .object({
    Username: z.string({ error: 'Provide CRT Hub Userid.' }).trim().min(1, { error: 'Provide CRT Hub Userid.', abort: true }).max(64)
      .regex(/^[A-Za-z0-9._@-]+$/, 'Userid may contain only letters, digits and . _ @ -'),
    Email: z.string({ error: 'Provide email.' }).max(254).trim().min(1, { error: 'Provide email.', abort: true }).pipe(z.email('Provide valid email.')),
    Password: z.string({ error: 'Provide password.' }).min(1, { error: 'Provide password.', abort: true })
      .min(8, 'Password must be at least 8 characters.').max(200),
    ConfirmPassword: z.string({ error: 'Provide password confirmation.' }).min(1, 'Provide password confirmation.').max(200),
    FirstName: z.string({ error: 'Provide first name.' }).trim().min(1, 'Provide first name.').max(100),
    LastName: z.string({ error: 'Provide last name.' }).trim().min(1, 'Provide last name.').max(100),
    CompanyName: z.string({ error: 'Provide company name.' }).trim().min(1, 'Provide company name.').max(200),
    Roles: z.array(z.string().max(50)).max(20).optional(),
    Auid: z.string().trim().max(100).optional().nullable(),
  })
  .refine((r) => r.Password === r.ConfirmPassword, {
    path: ['ConfirmPassword'],
    message: 'Password and confirmation do not match.',
  });
export type RegisterRequest = z.infer<typeof RegisterRequest>;
export const RegisterResponse = z.object({ Id: z.number().int(), Username: z.string() });

export const RegisteredResponse = z.object({ IsRegistered: z.boolean() });

/** POST /register/logAccess — trial access log. */
/** A value the trial page logs as it was typed: text, or a number of sensible size. */
const loggedValue = z.union([z.number().min(-1e12).max(1e12), z.string().max(50)]).optional().nullable();
export const AccessLogRequest = z.object({
  Auid: z.string().max(100).optional().nullable(),
  Cusip: z.string().max(20).optional().nullable(),
  Referrer: z.string().max(200).optional().nullable(),
  Campaign: z.string().max(200).optional().nullable(),
  Medium: z.string().max(200).optional().nullable(),
  Price: loggedValue.describe('Price from the link, PERCENT of face, as typed.'),
  LossSeverity: loggedValue.describe('Loss severity from the link, PERCENT, as typed.'),
  Delinquency: loggedValue.describe('Delinquency from the link, PERCENT, as typed.'),
  IndexRate: loggedValue,
  SettlementDate: loggedValue,
});
export type AccessLogRequest = z.infer<typeof AccessLogRequest>;
