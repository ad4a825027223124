/** One e-mail to send (plain text: links and codes read the same in every client). */
export interface MailMessage {
  /** Recipient address. */
  to: string;
  /** Subject line. */
  subject: string;
  /** Plain-text body. */
  text: string;
}

/**
 * Sends the service's e-mails. `send` resolves once the message is accepted
 * for delivery (by the SMTP server, or written to the outbox) and rejects
 * otherwise, so a caller can report a failed send instead of assuming it.
 * @example await mailer.send({ to: 'ada@example.com', subject: 'Verify', text: '...' });
 */
export interface Mailer {
  /** Sends one message. */
  send(message: MailMessage): Promise<void>;
  /** Where mail goes, for the start-up banner (never a password). */
  readonly description: string;
  /** Said to a person waiting for a message when it goes somewhere other than their mailbox (the outbox); else undefined. */
  readonly notice?: string;
  /** Releases connections. */
  close(): Promise<void>;
}
