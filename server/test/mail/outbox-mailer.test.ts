import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { verifyEmail } from '../../src/accounts/account-emails.js';
import { outboxMailer } from '../../src/mail/outbox-mailer.js';

describe('outboxMailer', () => {
  it('writes each message whole as an .eml file, 0600 in a 0700 folder, and tells its path and links', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'ussynth-outbox-'));
    const folder = join(dir, 'outbox');
    const told: { path: string; links: string[] }[] = [];
    try {
      const mailer = outboxMailer(folder, 'ussynth <no-reply@localhost>', (path, links) => told.push({ path, links }));
      await mailer.send({
        to: 'ada@example.com',
        subject: 'Reset your ussynth password',
        text: 'https://x.example/reset-password#token=secret',
      });
      await mailer.send({ to: 'bob@example.com', subject: 'Second', text: 'two' });
      const files = readdirSync(folder).sort();
      expect(files).toHaveLength(2);
      expect(files.every((name) => name.endsWith('.eml'))).toBe(true);
      expect(told.map((t) => t.path)).toEqual(files.map((name) => join(folder, name)).sort());
      expect(told.map((t) => t.links)).toEqual([['https://x.example/reset-password#token=secret'], []]);
      const first = readFileSync(told[0].path, 'utf8');
      expect(first).toMatch(/^From: ussynth <no-reply@localhost>$/m);
      expect(first).toMatch(/^To: ada@example.com$/m);
      expect(first).toContain('reset-password#token=secret');
      expect(statSync(told[0].path).mode & 0o777).toBe(0o600);
      expect(statSync(folder).mode & 0o777).toBe(0o700);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('writes a long verification link whole on one line, so it can be copied from the raw file', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'ussynth-outbox-'));
    try {
      let path = '';
      const mailer = outboxMailer(dir, 'ussynth <no-reply@localhost>', (written) => (path = written));
      // A token with `=`-free base64url characters and a public URL long enough that quoted-printable would fold the line.
      const token = 'Anl5-_Z9'.repeat(5) + 'xyz';
      const link = `http://127.0.0.1:39999/some/longer/prefix/verify-email#token=${token}`;
      await mailer.send(verifyEmail('http://127.0.0.1:39999/some/longer/prefix', 'ada@example.com', token));
      const raw = readFileSync(path, 'utf8');
      expect(raw).toMatch(/^Content-Transfer-Encoding: 7bit$/m);
      expect(raw.split('\n')).toContain(link);
      expect(raw).not.toMatch(/=\r?\n/);
      expect(raw).not.toContain('=3D');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('sends non-ASCII text as 8bit, still unfolded, and encodes a non-ASCII subject', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'ussynth-outbox-'));
    try {
      let path = '';
      const mailer = outboxMailer(dir, 'ussynth <no-reply@localhost>', (written) => (path = written));
      const line = `Grüße: https://example.com/verify-email#token=${'a'.repeat(90)}`;
      await mailer.send({ to: 'zoë@example.com', subject: 'Grüße', text: line });
      const raw = readFileSync(path, 'utf8');
      expect(raw).toMatch(/^Content-Transfer-Encoding: 8bit$/m);
      expect(raw).toMatch(/^Subject: =\?UTF-8\?Q\?Gr=C3=BC=C3=9Fe\?=$/m);
      expect(raw.split('\n')).toContain(line);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('falls back to nodemailer’s encoding for a line too long to send as it is (over 998 octets)', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'ussynth-outbox-'));
    try {
      let path = '';
      const mailer = outboxMailer(dir, 'ussynth <no-reply@localhost>', (written) => (path = written));
      await mailer.send({ to: 'ada@example.com', subject: 'Long', text: 'x'.repeat(1200) });
      const raw = readFileSync(path, 'utf8');
      expect(raw).toMatch(/^Content-Transfer-Encoding: quoted-printable$/m);
      expect(raw.split('\n').every((l) => l.length <= 998)).toBe(true);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
