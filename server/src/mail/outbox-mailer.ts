import { mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import nodemailer from 'nodemailer';
import type { Mailer, MailMessage } from './mailer.js';
import { plainMessage } from './plain-message.js';

/**
 * The default without SMTP: each message is written as an RFC 5322 `.eml`
 * file (made by nodemailer, so it opens in any mail client) into `folder`,
 * and `onWritten` gets its path and the links in it: without SMTP this is
 * local development, where the person signing up reads the link from the
 * server's log (a log shipped elsewhere should come from a server with SMTP).
 * Files are 0600 in a 0700 folder.
 * @example const mailer = outboxMailer('.ussynth/outbox', 'ussynth <no-reply@localhost>', (path, links) => log.info({ path, links }, 'mail written'));
 */
export function outboxMailer(folder: string, from: string, onWritten: (path: string, links: string[]) => void): Mailer {
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  let written = 0;
  return {
    description: `outbox folder ${folder}`,
    notice: `This server has no SMTP server configured (local development): the message was written as an .eml file to the outbox folder ${folder} on the server, and the server's log shows its link.`,
    async send(message: MailMessage) {
      // Sent unencoded where it can be, so a link in the file reads whole (see plainMessage).
      const info = await transport.sendMail(
        plainMessage(from, message) ?? { from, to: message.to, subject: message.subject, text: message.text },
      );
      mkdirSync(folder, { recursive: true, mode: 0o700 });
      const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${process.pid}-${++written}.eml`;
      const path = join(folder, name);
      // Written whole, then renamed: a reader never sees half a message.
      writeFileSync(`${path}.tmp`, info.message as Buffer, { mode: 0o600 });
      renameSync(`${path}.tmp`, path);
      onWritten(path, message.text.match(/https?:\/\/\S+/g) ?? []);
    },
    async close() {},
  };
}
