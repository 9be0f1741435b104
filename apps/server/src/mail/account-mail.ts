/** The texts of the messages the app sends (plain text: every client shows it, links stay clickable). */
import type { MailMessage } from './mailer.ts';

export function confirmEmailMail(to: string, username: string, link: string): MailMessage {
  return {
    to,
    subject: 'OpenCRT: confirm your e-mail address',
    text: [
      `Hello ${username},`,
      '',
      'Please confirm that this address belongs to your OpenCRT account by opening this link:',
      link,
      '',
      'The link works once and expires in 3 days. If you did not expect this message, ignore it.',
    ].join('\n'),
  };
}

export function resetPasswordMail(to: string, username: string, link: string): MailMessage {
  return {
    to,
    subject: 'OpenCRT: password reset',
    text: [
      `Hello ${username},`,
      '',
      'A password reset was requested for your OpenCRT account. To choose a new password, open this link:',
      link,
      '',
      'The link works once and expires in one hour. If you did not ask for it, ignore this message: your password stays as it is.',
    ].join('\n'),
  };
}

export function trialWelcomeMail(to: string, username: string, confirmLink: string): MailMessage {
  return {
    to,
    subject: 'Welcome to OpenCRT',
    text: [
      `Hello ${username},`,
      '',
      'Your OpenCRT trial account is ready. Sign in with the user id and password you chose.',
      '',
      'Please confirm your e-mail address (needed to recover a forgotten password):',
      confirmLink,
      '',
      'The link works once and expires in 3 days.',
    ].join('\n'),
  };
}

export interface ContactFields {
  Type: string; FirstName: string; LastName: string; Company: string; Position: string;
  Email: string; PhoneNumber: string; Comments: string;
}

export function contactRequestMail(to: string, id: number, form: ContactFields): MailMessage {
  return {
    to,
    subject: `OpenCRT contact request #${id}${form.Type ? ` (${form.Type})` : ''}`,
    text: [
      `Name: ${form.FirstName} ${form.LastName}`,
      `E-mail: ${form.Email}`,
      `Phone: ${form.PhoneNumber}`,
      `Company: ${form.Company}`,
      `Position: ${form.Position}`,
      '',
      form.Comments,
    ].join('\n'),
  };
}
