import { SMTPServer } from 'smtp-server';

/** A message the test SMTP server accepted. */
export interface ReceivedMail {
  from: string;
  to: string[];
  /** The whole RFC 5322 message as sent. */
  raw: string;
}

/** A real SMTP server on a loopback port (the smtp-server package), for tests. */
export interface TestSmtpServer {
  /** `smtp://127.0.0.1:PORT`. */
  url: string;
  /** Every message accepted so far. */
  received: ReceivedMail[];
  /** From now on, refuse every recipient with this SMTP reply (or accept again with null). */
  refuse(reply: string | null): void;
  close(): Promise<void>;
}

/**
 * Starts an SMTP server on 127.0.0.1 that accepts plain SMTP without
 * authentication and keeps what it receives.
 * @example const smtp = await startSmtpServer(); ... expect(smtp.received[0].to).toEqual(['ada@example.com']);
 */
export async function startSmtpServer(): Promise<TestSmtpServer> {
  const received: ReceivedMail[] = [];
  let refusal: string | null = null;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onRcptTo(_address, _session, callback) {
      if (refusal) return callback(Object.assign(new Error(refusal), { responseCode: 550 }));
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    refuse(reply) {
      refusal = reply;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
