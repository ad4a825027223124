import nodemailer from 'nodemailer';
import type { Mailer, MailMessage } from './mailer.js';
import { plainMessage } from './plain-message.js';

/** How long one SMTP send may take before it fails (connection, greeting and data together). */
export const SMTP_TIMEOUT_MS = 10_000;

/**
 * Sends through an SMTP server (`USSYNTH_SMTP_URL`, e.g.
 * `smtp://user:pass@mail.example.com:587` or `smtps://...:465`) with
 * nodemailer, which handles STARTTLS, authentication and pooling.
 * @example const mailer = smtpMailer('smtp://127.0.0.1:2525', 'ussynth <no-reply@example.com>');
 */
export function smtpMailer(url: string, from: string): Mailer {
  // Each bound applies per send; without them a dead server would hold a request for minutes.
  const transport = nodemailer.createTransport(
    { url, connectionTimeout: SMTP_TIMEOUT_MS, greetingTimeout: SMTP_TIMEOUT_MS, socketTimeout: SMTP_TIMEOUT_MS },
    { from },
  );
  const target = new URL(url);
  return {
    description: `SMTP ${target.protocol}//${target.host}`,
    async send(message: MailMessage) {
      // Unencoded where it can be: a link reads whole even in a mail client's "show original" view.
      await transport.sendMail(
        plainMessage(from, message) ?? { from, to: message.to, subject: message.subject, text: message.text },
      );
    },
    async close() {
      transport.close();
    },
  };
}
