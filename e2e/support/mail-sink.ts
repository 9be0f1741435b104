/**
 * The e2e server's mail goes to a real SMTP server (smtp-server) started by the global setup; each
 * message is written as JSON into a folder the tests read, so a test can open the mailed link.
 */
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface SunkMail { to: string[]; subject: string; text: string }

export async function startMailSink(dir: string): Promise<{ url: string; close(): Promise<void> }> {
  mkdirSync(dir, { recursive: true });
  let count = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      simpleParser(stream).then((parsed) => {
        const mail: SunkMail = { to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()), subject: parsed.subject ?? '', text: parsed.text ?? '' };
        count += 1;
        writeFileSync(path.join(dir, `${String(count).padStart(5, '0')}.json`), JSON.stringify(mail));
      }).then(() => callback(), (error: Error) => callback(error));
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return { url: `smtp://127.0.0.1:${port}`, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

/** Waits for a message to the address that was not yet taken by `seen` (file names). */
export async function waitForMail(dir: string, to: string, seen: Set<string>, timeoutMs = 30_000): Promise<SunkMail> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    for (const name of readdirSync(dir).sort()) {
      if (seen.has(name)) continue;
      const mail = JSON.parse(readFileSync(path.join(dir, name), 'utf8')) as SunkMail;
      if (mail.to.includes(to.toLowerCase())) { seen.add(name); return mail; }
    }
    if (Date.now() > deadline) {
      const got = readdirSync(dir).map((name) => (JSON.parse(readFileSync(path.join(dir, name), 'utf8')) as SunkMail).to.join(','));
      throw new Error(`no mail to ${to} within ${timeoutMs} ms (the sink has: ${got.join('; ') || 'nothing'})`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** The first link of a message. */
export function linkIn(text: string): URL {
  const match = /https?:\/\/\S+/.exec(text);
  if (!match) throw new Error(`no link in: ${text}`);
  return new URL(match[0]);
}
