import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mintKey } from '../../src/store/api-key.js';
import { openSqliteStore } from '../../src/store/sqlite/sqlite-store.js';
import { TIER_LIMITS } from '../../src/store/tiers.js';

// The real binary, built by `npm test` (npm run build) before vitest runs.
const BIN = new URL('../../dist/cli/main.js', import.meta.url).pathname;
const dir = mkdtempSync(join(tmpdir(), 'ussynth-terminal-text-'));
const db = join(dir, 'store.sqlite');
// What a sign-up could have stored before addresses were checked (issue 22 item 8): a clear-screen, a CSI, a
// right-to-left override, a NUL. The store takes any text; the commands must not print it raw.
// (A NUL cannot be a command-line argument, so it is in the key's name, which `accounts show` prints.)
const EMAIL = 'evil\u001b[2J\u009b31m\u202e@example.com';
const KEY_NAME = 'ci\u001b]0;owned\u0007\u0000';
const RAW = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202e]/;

function ussynth(...args: string[]) {
  const result = spawnSync(process.execPath, [BIN, ...args], {
    env: { ...process.env, USSYNTH_DB: db },
    encoding: 'utf8',
  });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

beforeAll(async () => {
  const store = await openSqliteStore(db);
  const owner = await store.people.createOwner(EMAIL, '$argon2id$fake', 'standard', TIER_LIMITS.standard, Date.now());
  if (owner === 'exists') throw new Error('unreachable');
  await store.keys.createAccountKey(
    owner.accountId,
    { ...mintKey('live'), name: KEY_NAME, expiresAt: null },
    Date.now(),
  );
  await store.close();
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('the operator commands escape stored text', () => {
  for (const args of [
    ['accounts', 'list'],
    ['accounts', 'list', '--json'],
    ['accounts', 'show', EMAIL],
    ['accounts', 'show', EMAIL, '--json'],
    ['keys', 'list'],
    ['keys', 'list', '--json'],
  ]) {
    it(`ussynth ${args.join(' ').replace(new RegExp(RAW.source, 'g'), '?')}: no raw control or format character reaches the terminal`, () => {
      const result = ussynth(...args);
      expect(result.status, result.stderr).toBe(0);
      expect(result.stdout).not.toMatch(RAW);
      expect(result.stdout).toContain('evil\\u001b[2J\\u009b31m\\u202e@example.com');
      if (args.includes('--json')) expect(() => JSON.parse(result.stdout)).not.toThrow();
      if (args[0] === 'accounts' && args[1] === 'show')
        expect(result.stdout).toContain('ci\\u001b]0;owned\\u0007\\u0000');
    });
  }

  it('JSON output still gives back the stored text exactly', () => {
    const [account] = JSON.parse(ussynth('accounts', 'list', '--json').stdout) as { name: string }[];
    expect(account.name).toBe(EMAIL);
  });
});
