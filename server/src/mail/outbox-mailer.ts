import { mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import nodemailer from 'nodemailer';
import type { Mailer, MailMessage } from './mailer.js';

/**
 * The default without SMTP: each message is written as an RFC 5322 `.eml`
 * file (made by nodemailer, so it opens in any mail client) into `folder`,
 * and `onWritten` gets its path (the caller logs it; never the message, whose
 * links carry tokens). Files are 0600 in a 0700 folder.
 * @example const mailer = outboxMailer('.ussynth/outbox', 'ussynth <no-reply@localhost>', (path) => log.info({ path }, 'mail written'));
 */
export function outboxMailer(folder: string, from: string, onWritten: (path: string) => void): Mailer {
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  let written = 0;
  return {
    description: `outbox folder ${folder}`,
    async send(message: MailMessage) {
      const info = await transport.sendMail({ from, to: message.to, subject: message.subject, text: message.text });
      mkdirSync(folder, { recursive: true, mode: 0o700 });
      const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${process.pid}-${++written}.eml`;
      const path = join(folder, name);
      // Written whole, then renamed: a reader never sees half a message.
      writeFileSync(`${path}.tmp`, info.message as Buffer, { mode: 0o600 });
      renameSync(`${path}.tmp`, path);
      onWritten(path);
    },
    async close() {},
  };
}
