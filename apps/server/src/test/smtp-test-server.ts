/**
 * A real SMTP server on a free local port for tests (the smtp-server package): mail the app sends
 * through nodemailer arrives here, parsed by mailparser, so tests read the text and follow links.
 */
import type { AddressInfo } from 'node:net';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail { to: string[]; from: string; subject: string; text: string }

export interface SmtpTestServer {
  url: string;
  messages: ReceivedMail[];
  /** Waits for the next message to the address (matched ignoring case); fails after timeoutMs. */
  waitFor(to: string, timeoutMs?: number): Promise<ReceivedMail>;
  close(): Promise<void>;
}

export async function startSmtpTestServer(): Promise<SmtpTestServer> {
  const messages: ReceivedMail[] = [];
  const taken = new Set<ReceivedMail>();
  const server = new SMTPServer({
    authOptional: true,
    // Plain SMTP on loopback: no STARTTLS offer, so the client does not try a self-signed upgrade.
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      simpleParser(stream).then((parsed) => {
        messages.push({
          to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          subject: parsed.subject ?? '',
          text: parsed.text ?? '',
        });
        callback();
      }, (error: Error) => callback(error));
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    async waitFor(to, timeoutMs = 20_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = messages.find((m) => !taken.has(m) && m.to.includes(to.toLowerCase()));
        if (found) { taken.add(found); return found; }
        if (Date.now() > deadline) throw new Error(`no mail to ${to} within ${timeoutMs} ms (got ${messages.length} others)`);
        await new Promise((r) => setTimeout(r, 50));
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The first http(s) link of a message's text. */
export function linkIn(text: string): URL {
  const match = /https?:\/\/\S+/.exec(text);
  if (!match) throw new Error(`no link in: ${text}`);
  return new URL(match[0]);
}
