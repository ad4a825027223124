import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient } from '../../src/client/index.js';
import { createGenerator } from '../../src/index.js';
import { runBinary } from '../cli/run-binary.js';
import { spawnServer, type SpawnedServer } from '../client/spawned-server.js';
import { validSeeds } from '../fixtures/valid-seeds.js';

// The one seed rule, end to end: any seed the library accepts gives the library's records through the real API
// (`ussynth serve` on a real port), the client, and the CLI both local and --remote. The demo is checked with
// sampled seeds in Chromium (test/e2e/seed-everywhere.test.ts).
let server: SpawnedServer;
let key = '';

beforeAll(async () => {
  server = await spawnServer();
  key = server.createKey('seeds', { tier: 'enterprise', rate: 10_000, monthlyQuota: 1_000_000 });
}, 60_000);
afterAll(() => server?.stop());

const COUNT = 3;

describe('a seed the library accepts gives identical records everywhere', () => {
  it('library, API, client, CLI local and CLI --remote', async () => {
    const client = createClient({ baseUrl: server.url, apiKey: key });
    const checked = new Set<string>();
    // Seeds of every shape: spaces inside, punctuation, the longest, numbers in exponent form, plus random ones.
    const fixed = ['hello world', ' ~!"#$%&\'()*+,-./:;<=>?@[\\]^_`{|}~'.trim(), 'x'.repeat(256), 1e21, -0.5, 'a  b'];
    await fc.assert(
      fc.asyncProperty(validSeeds(), async (seed) => {
        const library = createGenerator({ seed });
        const text = library.seed;
        checked.add(text);
        const expected = library.addresses({ count: COUNT });

        const response = await fetch(
          `${server.url}/v1/batch?${new URLSearchParams({ seed: text, count: String(COUNT) })}`,
          { headers: { 'x-api-key': key } },
        );
        expect(response.status, text).toBe(200);
        expect(response.headers.get('x-ussynth-seed')).toBe(text);
        expect(((await response.json()) as { addresses: unknown }).addresses).toEqual(expected);

        expect(await client.addresses({ seed, count: COUNT })).toEqual(expected);

        // `--seed=...`: a seed may begin with a dash.
        const local = await runBinary(['address', `--seed=${text}`, '--count', String(COUNT)]);
        expect(local.stderr).toBe('');
        const remote = await runBinary(
          ['address', `--seed=${text}`, '--count', String(COUNT), '--remote', server.url],
          { env: { ...process.env, USSYNTH_API_KEY: key } },
        );
        expect(remote.stderr).toBe('');
        expect(JSON.parse(local.stdout.toString('utf8'))).toEqual(expected);
        expect(remote.stdout.equals(local.stdout)).toBe(true);
      }),
      { numRuns: 14, examples: fixed.map((seed) => [seed]) },
    );
    expect(checked.size).toBeGreaterThanOrEqual(10);
  }, 180_000);

  it('a seed the library refuses is refused everywhere with invalid_seed', async () => {
    for (const seed of [' lead', 'trail ', 'café', 'x'.repeat(257)]) {
      expect(() => createGenerator({ seed })).toThrow(/seed must be 1 to 256 printable ASCII/);
      const response = await fetch(`${server.url}/v1/batch?${new URLSearchParams({ seed, count: '1' })}`, {
        headers: { 'x-api-key': key },
      });
      expect(response.status).toBe(400);
      expect(((await response.json()) as { code: string }).code).toBe('invalid_seed');
      await expect(createClient({ baseUrl: server.url, apiKey: key }).batch({ seed, count: 1 })).rejects.toThrow(
        /seed must be 1 to 256/,
      );
      const cli = await runBinary(['address', `--seed=${seed}`]);
      expect(cli.status).toBe(2);
      expect(cli.stderr).toMatch(/--seed: seed must be 1 to 256/);
    }
  });
});
