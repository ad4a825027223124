import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { outboxMailer } from '../../src/mail/outbox-mailer.js';

describe('outboxMailer', () => {
  it('writes each message whole as an .eml file, 0600 in a 0700 folder, and tells only its path', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'ussynth-outbox-'));
    const folder = join(dir, 'outbox');
    const told: string[] = [];
    try {
      const mailer = outboxMailer(folder, 'ussynth <no-reply@localhost>', (path) => told.push(path));
      await mailer.send({ to: 'ada@example.com', subject: 'Reset your ussynth password', text: 'https://x.example/reset-password#token=secret' });
      await mailer.send({ to: 'bob@example.com', subject: 'Second', text: 'two' });
      const files = readdirSync(folder).sort();
      expect(files).toHaveLength(2);
      expect(files.every((name) => name.endsWith('.eml'))).toBe(true);
      expect(told).toEqual(files.map((name) => join(folder, name)).sort());
      const first = readFileSync(told[0], 'utf8');
      expect(first).toMatch(/^From: ussynth <no-reply@localhost>$/m);
      expect(first).toMatch(/^To: ada@example.com$/m);
      expect(first).toContain('reset-password#token=secret');
      expect(statSync(told[0]).mode & 0o777).toBe(0o600);
      expect(statSync(folder).mode & 0o777).toBe(0o700);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
