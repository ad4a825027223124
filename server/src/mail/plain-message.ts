import MimeNode from 'nodemailer/lib/mime-node';
import type { MailMessage } from './mailer.js';

// RFC 5322 caps a line at 998 octets; a body within it needs no transfer encoding at all.
const MAX_LINE_OCTETS = 998;

/** The whole RFC 5322 message nodemailer sends or writes, and its SMTP envelope. */
export interface PlainMessage {
  /** Headers and body, CRLF line ends. */
  raw: string;
  envelope: { from: string; to: string };
}

/**
 * Builds `message` as one text/plain part sent as it is (7bit, or 8bit when
 * it holds non-ASCII), never quoted-printable: nodemailer would otherwise
 * fold every line over 76 characters with `=` soft breaks, and a link read
 * from the raw file (the outbox, a terminal, `less`) would be cut in two
 * with `=3D` in place of `=`. Headers are still encoded by nodemailer.
 * A body with a line over 998 octets cannot go unencoded: null, and the
 * caller lets nodemailer encode it.
 * @example const built = plainMessage('ussynth <no-reply@localhost>', { to: 'ada@example.com', subject: 'Hi', text: 'https://...' });
 */
export function plainMessage(from: string, message: MailMessage): PlainMessage | null {
  const lines = message.text.split(/\r?\n/);
  if (lines.some((line) => Buffer.byteLength(line) > MAX_LINE_OCTETS)) return null;
  const node = new MimeNode('text/plain; charset=utf-8');
  node.setHeader({
    From: from,
    To: message.to,
    Subject: message.subject,
    // Without content nodemailer picks no encoding, so this header is the one sent.
    'Content-Transfer-Encoding': /^[\x00-\x7f]*$/.test(message.text) ? '7bit' : '8bit',
  });
  const envelope = node.getEnvelope();
  return {
    raw: `${node.buildHeaders()}\r\n\r\n${lines.join('\r\n')}\r\n`,
    envelope: { from: envelope.from || from, to: message.to },
  };
}
