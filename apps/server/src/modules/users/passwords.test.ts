import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailerOf } from '../../mail/mailer.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { linkIn, startSmtpTestServer, type SmtpTestServer } from '../../test/smtp-test-server.ts';
import { ACCOUNT_MESSAGES } from '@opencrt/contracts';
import { messageOf, recordAuthEvents, signInAs, userIdOf } from './users-test-helpers.ts';
import { accountsDb } from './users.tables.ts';

const FORGOT = ACCOUNT_MESSAGES.forgotAnswer;

/** Reset-link fields: /password_reset/{userId}?userName&code. */
function resetFields(link: URL) {
  const userId = Number(/\/password_reset\/(\d+)$/.exec(link.pathname)?.[1]);
  return { userId, userName: link.searchParams.get('userName'), code: link.searchParams.get('code') ?? '' };
}

describe('password flows with the outbox (no SMTP server configured)', () => {
  let t: TestApp;
  let admin: string;
  const clock = { offsetMs: 0 };
  beforeAll(async () => {
    t = await createTestApp({ now: () => new Date(Date.now() + clock.offsetMs) });
    admin = await t.token('admin');
  });
  afterAll(async () => { await t?.close(); });

  const outboxTo = async (to: string) => {
    const res = await t.request({ method: 'GET', url: '/api/administrator/outbox', token: admin });
    expect(res.statusCode).toBe(200);
    return (res.json() as { To: string; Subject: string; Text: string }[]).filter((m) => m.To === to);
  };
  const forgot = (Email: string) => t.request({ method: 'POST', url: '/api/users/reset', payload: { Email } });
  const callback = (body: object) => t.request({ method: 'POST', url: '/api/users/reset/callback', payload: body });

  it('POST /users/reset {Email} gives the same answer for known and unknown addresses; only a known one gets mail', async () => {
    const known = await forgot('user@opencrt.example');
    const unknown = await forgot('nobody@opencrt.example');
    expect([known.statusCode, messageOf(known)]).toEqual([200, FORGOT]);
    expect([unknown.statusCode, messageOf(unknown)]).toEqual([200, FORGOT]);
    expect(await outboxTo('nobody@opencrt.example')).toEqual([]);
    const mail = await outboxTo('user@opencrt.example');
    expect(mail).toHaveLength(1);
    expect(mail[0]!.Subject).toBe('OpenCRT: password reset');
    const fields = resetFields(linkIn(mail[0]!.Text));
    expect(fields).toMatchObject({ userId: await userIdOf(t, 'user'), userName: 'user' });
    // Stored hashed: the code itself is nowhere in the table.
    const stored = await accountsDb(t.ctx.db).selectFrom('account_codes').select('code_hash').execute();
    expect(stored.some((r) => r.code_hash === fields.code)).toBe(false);
    const bad = await t.request({ method: 'POST', url: '/api/users/reset', payload: { Email: 'x'.repeat(300) } });
    expect(bad.statusCode).toBe(400);
  });

  it('the link\'s code sets a new password once, ends every session of the user, and the old password stops working', async () => {
    const events = recordAuthEvents(t);
    const before = await signInAs(t, 'analyst', 'analyst-test-pass-1');
    await forgot('analyst@opencrt.example');
    const mail = (await outboxTo('analyst@opencrt.example'))[0]!;
    const { userId, code } = resetFields(linkIn(mail.Text));

    const short = await callback({ UserId: userId, Code: code, NewPassword: 'short' });
    expect([short.statusCode, messageOf(short)]).toEqual([400, 'Password must be at least 8 characters.']);
    const wrong = await callback({ UserId: userId, Code: `${code}x`, NewPassword: 'analyst-new-pass-1' });
    expect([wrong.statusCode, messageOf(wrong)]).toEqual([400, 'Failed to reset the password.']);
    const otherUser = await callback({ UserId: await userIdOf(t, 'user'), Code: code, NewPassword: 'analyst-new-pass-1' });
    expect(otherUser.statusCode).toBe(400);

    const ok = await callback({ UserId: userId, Code: code, NewPassword: 'analyst-new-pass-1' });
    expect([ok.statusCode, messageOf(ok)]).toEqual([200, 'You password has been successfully changed.']);
    expect((await t.request({ method: 'GET', url: '/api/deals/userDealsNames', token: before.token })).statusCode).toBe(401);
    expect(events.users).toEqual([userId]);
    expect(events.sessions.length).toBeGreaterThanOrEqual(1);
    expect((await signInAs(t, 'analyst', 'analyst-test-pass-1')).status).toBe(400);
    expect((await signInAs(t, 'analyst', 'analyst-new-pass-1')).status).toBe(200);

    const again = await callback({ UserId: userId, Code: code, NewPassword: 'analyst-other-pass-1' });
    expect([again.statusCode, messageOf(again)]).toEqual([400, 'Failed to reset the password.']);
  });

  it('a code expires after one hour, and a newer request voids the older code', async () => {
    await forgot('user@opencrt.example');
    const first = resetFields(linkIn((await outboxTo('user@opencrt.example'))[0]!.Text));
    await forgot('user@opencrt.example');
    const second = resetFields(linkIn((await outboxTo('user@opencrt.example'))[0]!.Text));
    expect(second.code).not.toBe(first.code);
    const old = await callback({ UserId: first.userId, Code: first.code, NewPassword: 'user-new-pass-1' });
    expect(old.statusCode).toBe(400);
    clock.offsetMs = 61 * 60_000;
    try {
      const late = await callback({ UserId: second.userId, Code: second.code, NewPassword: 'user-new-pass-1' });
      expect([late.statusCode, messageOf(late)]).toEqual([400, 'Failed to reset the password.']);
    } finally {
      clock.offsetMs = 0;
    }
    expect((await signInAs(t, 'user', 'user-test-pass-1')).status).toBe(200);
  });

  it('admin reset {UserId}: mails a confirmed address; 204 without one; 401/403 for others', async () => {
    const userId = await userIdOf(t, 'user');
    const ok = await t.request({ method: 'POST', url: '/api/users/reset', token: admin, payload: { UserId: userId } });
    expect([ok.statusCode, messageOf(ok)]).toEqual([200, "User's password reset has been initiated."]);
    expect(await outboxTo('user@opencrt.example')).not.toEqual([]);

    await t.request({ method: 'POST', url: '/api/users', token: admin, payload: { Username: 'nomail', Password: 'nomail-pass-1', ConfirmPassword: 'nomail-pass-1', Roles: ['User'] } });
    const none = await t.request({ method: 'POST', url: '/api/users/reset', token: admin, payload: { UserId: await userIdOf(t, 'nomail') } });
    expect(none.statusCode).toBe(204);
    const anonymous = await t.request({ method: 'POST', url: '/api/users/reset', payload: { UserId: userId } });
    expect(anonymous.statusCode).toBe(401);
    const plain = await t.request({ method: 'POST', url: '/api/users/reset', token: await t.token('user'), payload: { UserId: userId } });
    expect(plain.statusCode).toBe(403);
    const missing = await t.request({ method: 'POST', url: '/api/users/reset', token: admin, payload: { UserId: 999999 } });
    expect(missing.statusCode).toBe(404);
  });

  it('a new address gets a confirmation link; confirming it once enables forgotten-password mail', async () => {
    const created = await t.request({ method: 'POST', url: '/api/users', token: admin, payload: { Username: 'mailed', Password: 'mailed-pass-1', ConfirmPassword: 'mailed-pass-1', Roles: ['User'], Email: 'mailed@example.com' } });
    expect(created.statusCode).toBe(200);
    await forgot('mailed@example.com');
    expect((await outboxTo('mailed@example.com')).map((m) => m.Subject)).toEqual(['OpenCRT: confirm your e-mail address']);
    const link = linkIn((await outboxTo('mailed@example.com'))[0]!.Text);
    expect(link.pathname).toBe('/confirm_email');
    const body = { UserId: Number(link.searchParams.get('userId')), Code: link.searchParams.get('code') };
    const confirmed = await t.request({ method: 'POST', url: '/api/users/confirm_email', payload: body });
    expect([confirmed.statusCode, messageOf(confirmed)]).toEqual([200, 'Your e-mail address has been confirmed.']);
    const reuse = await t.request({ method: 'POST', url: '/api/users/confirm_email', payload: body });
    expect([reuse.statusCode, messageOf(reuse)]).toEqual([400, 'The confirmation link is not valid or has expired.']);
    expect((await t.request({ method: 'GET', url: `/api/users/${body.UserId}`, token: admin })).json()).toMatchObject({ Email: 'mailed@example.com', EmailConfirmed: true });
    await forgot('mailed@example.com');
    expect((await outboxTo('mailed@example.com'))[0]!.Subject).toBe('OpenCRT: password reset');

    // Changing the address makes it unconfirmed again and voids the old link.
    const change = await t.request({ method: 'PUT', url: `/api/users/${body.UserId}`, token: admin, payload: { Email: 'moved@example.com' } });
    expect(change.statusCode).toBe(200);
    expect((await t.request({ method: 'GET', url: `/api/users/${body.UserId}`, token: admin })).json()).toMatchObject({ Email: 'moved@example.com', EmailConfirmed: false });
    const invalid = await t.request({ method: 'PUT', url: `/api/users/${body.UserId}`, token: admin, payload: { Email: 'nope' } });
    expect([invalid.statusCode, messageOf(invalid)]).toEqual([400, 'Email does not seem valid']);
  });

  it('PUT /passwords changes one\'s own password with the spec messages and ends only the other sessions', async () => {
    await t.request({ method: 'POST', url: '/api/users', token: admin, payload: { Username: 'changer', Password: 'changer-pass-1', ConfirmPassword: 'changer-pass-1', Roles: ['User'] } });
    const here = await signInAs(t, 'changer', 'changer-pass-1');
    const elsewhere = await signInAs(t, 'changer', 'changer-pass-1');
    const change = (body: object) => t.request({ method: 'PUT', url: '/api/passwords', token: here.token, payload: body });
    const cases: [object, number, string][] = [
      [{ OldPassword: '', NewPassword: 'changer-new-1', ConfirmPassword: 'changer-new-1' }, 400, 'This field is required'],
      [{ OldPassword: 'changer-pass-1', NewPassword: 'changer-new-1', ConfirmPassword: 'changer-new-2' }, 400, 'Password confirmation does not match'],
      [{ OldPassword: 'wrong-pass-1', NewPassword: 'changer-new-1', ConfirmPassword: 'changer-new-1' }, 400, 'The old password is incorrect.'],
      [{ OldPassword: 'changer-pass-1', NewPassword: 'short', ConfirmPassword: 'short' }, 400, 'Password must be at least 8 characters.'],
    ];
    for (const [body, status, text] of cases) {
      const res = await change(body);
      expect([res.statusCode, messageOf(res)], JSON.stringify(body)).toEqual([status, text]);
    }
    const ok = await change({ OldPassword: 'changer-pass-1', NewPassword: 'changer-new-1', ConfirmPassword: 'changer-new-1' });
    expect([ok.statusCode, messageOf(ok)]).toEqual([200, 'Password changed']);
    expect((await t.request({ method: 'GET', url: '/api/deals/userDealsNames', token: here.token })).statusCode).toBe(200);
    expect((await t.request({ method: 'GET', url: '/api/deals/userDealsNames', token: elsewhere.token })).statusCode).toBe(401);
    expect((await signInAs(t, 'changer', 'changer-new-1')).status).toBe(200);
    expect((await t.request({ method: 'PUT', url: '/api/passwords', payload: { OldPassword: 'a', NewPassword: 'b', ConfirmPassword: 'b' } })).statusCode).toBe(401);
  });
});

describe('mail through a real SMTP server (SMTP_URL set)', () => {
  let smtp: SmtpTestServer;
  let t: TestApp;
  beforeAll(async () => {
    smtp = await startSmtpTestServer();
    t = await createTestApp({ smtpUrl: smtp.url, publicUrl: 'https://crt.example.test' });
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });

  it('forgot → e-mail → link → new password → sign-in, end to end', async () => {
    const res = await t.request({ method: 'POST', url: '/api/users/reset', payload: { Email: 'USER@opencrt.example' } });
    expect(messageOf(res)).toBe(FORGOT);
    const mail = await smtp.waitFor('user@opencrt.example');
    expect(mail.subject).toBe('OpenCRT: password reset');
    const link = linkIn(mail.text);
    expect(link.origin).toBe('https://crt.example.test');
    const { userId, code, userName } = resetFields(link);
    expect(userName).toBe('user');
    const done = await t.request({ method: 'POST', url: '/api/users/reset/callback', payload: { UserId: userId, Code: code, NewPassword: 'via-smtp-pass-1' } });
    expect(done.statusCode).toBe(200);
    expect((await signInAs(t, 'user', 'via-smtp-pass-1')).status).toBe(200);
    // Nothing went to the outbox: the SMTP server took it.
    expect(await accountsDb(t.ctx.db).selectFrom('mail_outbox').selectAll().execute()).toEqual([]);
  });

  it('trial registration sends the welcome message with a confirmation link; a contact request notifies the contact address', async () => {
    const reg = await t.request({
      method: 'POST', url: '/api/register',
      payload: { Username: 'trial.smtp', Email: 'trial@example.com', Password: 'trial-pass-1', ConfirmPassword: 'trial-pass-1', FirstName: 'Ada', LastName: 'L', CompanyName: 'AE' },
    });
    expect(reg.statusCode).toBe(200);
    const welcome = await smtp.waitFor('trial@example.com');
    expect(welcome.subject).toBe('Welcome to OpenCRT');
    const link = linkIn(welcome.text);
    const confirmed = await t.request({ method: 'POST', url: '/api/users/confirm_email', payload: { UserId: Number(link.searchParams.get('userId')), Code: link.searchParams.get('code') } });
    expect(confirmed.statusCode).toBe(200);

    const contact = await t.request({ method: 'POST', url: '/api/contact', payload: { FirstName: 'Grace', LastName: 'Hopper', Email: 'grace@example.com', Comments: 'Call me.' } });
    expect(contact.statusCode).toBe(200);
    const note = await smtp.waitFor(t.ctx.config.contactEmail);
    expect(note.subject).toBe(`OpenCRT contact request #${(contact.json() as { Id: number }).Id}`);
    expect(note.text).toContain('grace@example.com');
    expect(note.text).toContain('Call me.');
  });

  it('a message the SMTP server cannot take is kept in the outbox', async () => {
    const broken = await createTestApp({ smtpUrl: 'smtp://127.0.0.1:1' });
    try {
      await broken.request({ method: 'POST', url: '/api/users/reset', payload: { Email: 'user@opencrt.example' } });
      await mailerOf(broken.ctx).idle();
      const kept = await accountsDb(broken.ctx.db).selectFrom('mail_outbox').select(['to_address', 'subject']).execute();
      expect(kept).toEqual([{ to_address: 'user@opencrt.example', subject: 'OpenCRT: password reset' }]);
    } finally {
      await broken.close();
    }
  });
});
