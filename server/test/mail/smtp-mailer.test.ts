import { describe, expect, it } from 'vitest';
import { verifyEmail } from '../../src/accounts/account-emails.js';
import { smtpMailer } from '../../src/mail/smtp-mailer.js';
import { startSmtpServer } from '../smtp-test-server.js';

describe('smtpMailer', () => {
  it('delivers to a real SMTP server with the configured sender, and fails loudly when the server refuses', async () => {
    const smtp = await startSmtpServer();
    const mailer = smtpMailer(smtp.url, 'ussynth <no-reply@ussynth.example>');
    try {
      expect(mailer.description).toBe(`SMTP ${smtp.url}`);
      await mailer.send({
        to: 'ada@example.com',
        subject: 'Confirm your e-mail address',
        text: 'Follow https://ussynth.example/verify-email#token=abc',
      });
      expect(smtp.received).toHaveLength(1);
      expect(smtp.received[0]).toMatchObject({ from: 'no-reply@ussynth.example', to: ['ada@example.com'] });
      expect(smtp.received[0].raw).toMatch(/^Subject: Confirm your e-mail address$/m);
      expect(smtp.received[0].raw).toContain('verify-email#token=abc');
      smtp.refuse('mailbox unavailable');
      await expect(mailer.send({ to: 'bob@example.com', subject: 's', text: 't' })).rejects.toThrow(
        /mailbox unavailable|550/,
      );
    } finally {
      await mailer.close();
      await smtp.close();
    }
  });

  it('delivers a long verification link unfolded (7bit, no quoted-printable soft breaks)', async () => {
    const smtp = await startSmtpServer();
    const mailer = smtpMailer(smtp.url, 'ussynth <no-reply@ussynth.example>');
    try {
      const token = 'Anl5-_Z9'.repeat(5) + 'xyz';
      await mailer.send(verifyEmail('https://api.ussynth.example/a/rather/long/base/path', 'ada@example.com', token));
      const raw = smtp.received[0].raw;
      expect(raw).toMatch(/^Content-Transfer-Encoding: 7bit\r?$/m);
      expect(raw.split(/\r?\n/)).toContain(
        `https://api.ussynth.example/a/rather/long/base/path/verify-email#token=${token}`,
      );
      expect(raw).not.toMatch(/=\r?\n/);
    } finally {
      await mailer.close();
      await smtp.close();
    }
  });

  it('never shows the SMTP password in its description', () => {
    const mailer = smtpMailer('smtp://user:s3cret@mail.example.com:587', 'x <x@example.com>');
    expect(mailer.description).toBe('SMTP smtp://mail.example.com:587');
  });

  it('fails within its bound when nothing answers', async () => {
    const net = await import('node:net');
    // A server that accepts and never greets.
    const silent = net.createServer(() => {});
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const port = (silent.address() as { port: number }).port;
    const mailer = smtpMailer(`smtp://127.0.0.1:${port}`, 'x <x@example.com>');
    const started = performance.now();
    try {
      await expect(mailer.send({ to: 'a@example.com', subject: 's', text: 't' })).rejects.toThrow();
      expect(performance.now() - started).toBeLessThan(15_000);
    } finally {
      await mailer.close();
      silent.close();
    }
  }, 30_000);
});
