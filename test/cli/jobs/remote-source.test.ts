import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runBinary } from '../run-binary.js';

const scratch = mkdtempSync(join(tmpdir(), 'ussynth-remote-options-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

// Never contacted: every run here is refused before a request is made.
const URL = 'http://127.0.0.1:9';
const KEY = { ...process.env, USSYNTH_API_KEY: 'uss_live_Ab3dE6gH0123456789abcdefghijklmn012345' };

describe('--remote refuses what it cannot do, before anything is fetched or written (status 2)', () => {
  for (const [args, env, message] of [
    [
      ['address', '--remote', URL],
      { ...process.env, USSYNTH_API_KEY: undefined },
      /^ussynth: --remote needs the API key in the USSYNTH_API_KEY environment variable/,
    ],
    [['address', '--remote', URL], { ...process.env, USSYNTH_API_KEY: '' }, /USSYNTH_API_KEY environment variable/],
    [
      ['address', '--remote', URL],
      { ...process.env, USSYNTH_API_KEY: 'two words' },
      /^ussynth: USSYNTH_API_KEY: the key must be the API key text/,
    ],
    [
      ['address', '--remote', 'api.example.com'],
      KEY,
      /^ussynth: --remote api\.example\.com: the URL must be an absolute http or https URL/,
    ],
    [['address', '--remote', 'ftp://api.example.com'], KEY, /the URL must be an http or https URL/],
    [['address', '--remote', `${URL}/v1`], KEY, /without \/v1 .*use http:\/\/127\.0\.0\.1:9\/$/m],
    [
      ['address', '--count', '5000', '--jobs', '2', '--remote', URL],
      KEY,
      /^ussynth: --jobs cannot be combined with --remote/,
    ],
    [
      ['batch', '--count', '5', '--email-domain', 'corp.test', '--remote', URL],
      KEY,
      /^ussynth: --email-domain cannot be combined with --remote: the API has no e-mail domain option/,
    ],
    // The library's one seed rule, checked before the request as for a local run.
    [
      ['address', '--seed', ' lead', '--remote', URL],
      KEY,
      /^ussynth: --seed: seed must be 1 to 256 printable ASCII characters/,
    ],
    [['address', '--seed', 'x'.repeat(257), '--remote', URL], KEY, /--seed: seed must be 1 to 256/],
    [['address', '--state', 'ZZ', '--remote', URL], KEY, /^ussynth: --state: state must be a two-letter US state/],
  ] as const) {
    it(`${args.join(' ')}${env === KEY ? '' : ` (USSYNTH_API_KEY ${JSON.stringify(env.USSYNTH_API_KEY)})`}`, async () => {
      const dir = mkdtempSync(join(scratch, 'run-'));
      const { status, stdout, stderr } = await runBinary([...args, '--out', join(dir, 'out.json')], { env });
      expect(status).toBe(2);
      expect(stderr).toMatch(message);
      expect(stderr.split('\n')).toHaveLength(2);
      expect(stdout.length).toBe(0);
      expect(readdirSync(dir)).toEqual([]);
    });
  }

  it('the key is read from the environment, never from a flag', async () => {
    const { status, stderr } = await runBinary(['address', '--api-key', 'uss_live_x', '--remote', URL], { env: KEY });
    expect(status).toBe(2);
    expect(stderr).toMatch(/Unknown option '--api-key'/);
  });
});
