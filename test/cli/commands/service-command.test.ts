import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runBinary } from '../run-binary.js';

const dir = mkdtempSync(join(tmpdir(), 'ussynth-service-command-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('ussynth serve and keys (run from the ussynth-server package)', () => {
  it('hands `keys` over to the service package, which works on the store named by USSYNTH_DB', async () => {
    const db = join(dir, 'store.sqlite');
    const created = await runBinary(['keys', 'create', '--account', 'acme', '--tier', 'pro', '--json'], {
      env: { ...process.env, USSYNTH_DB: db },
    });
    expect(created.stderr).toBe('');
    expect(created.status).toBe(0);
    expect(JSON.parse(created.stdout.toString())).toMatchObject({
      id: expect.any(String),
      key: expect.stringMatching(/^uss_live_/),
    });
    const listed = await runBinary(['keys', 'list', '--json'], { env: { ...process.env, USSYNTH_DB: db } });
    expect((JSON.parse(listed.stdout.toString()) as { account: string }[]).map((k) => k.account)).toEqual(['acme']);
  });

  it('--help says which package runs the command', async () => {
    const { status, stdout } = await runBinary(['serve', '--help']);
    expect(status).toBe(0);
    expect(stdout.toString()).toContain('separate package ussynth-server (npm install ussynth-server)');
  });
});
