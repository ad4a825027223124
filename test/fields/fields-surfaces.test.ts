import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient } from '../../src/client/index.js';
import { createGenerator, FIELD_NAMES } from '../../src/index.js';
import { runBinary } from '../cli/run-binary.js';
import { spawnServer, type SpawnedServer } from '../client/spawned-server.js';
import { validSeeds } from '../fixtures/valid-seeds.js';

// The same seed and field list give the same bytes in the library, the API (`ussynth serve` on a real port), the
// client, and the CLI both local and --remote. The demo's downloads are held to the CLI's bytes with field lists in
// test/e2e/demo-downloads.test.ts, and its records to the library's in test/e2e/seed-everywhere.test.ts.
let server: SpawnedServer;
let key = '';

beforeAll(async () => {
  server = await spawnServer();
  key = server.createKey('fields', { tier: 'enterprise', rate: 10_000, monthlyQuota: 1_000_000 });
}, 60_000);
afterAll(() => server?.stop());

/** Field lists of 1 to 6 fields, some renamed to columns of their own. */
const lists = fc
  .tuple(
    fc.shuffledSubarray([...FIELD_NAMES], { minLength: 1, maxLength: 6 }),
    fc.array(fc.boolean(), { minLength: 6, maxLength: 6 }),
  )
  .map(([fields, renamed]) => fields.map((field, i) => (renamed[i] ? `col_${i}=${field}` : field)).join(','));

describe('a seed and a field list give the same bytes everywhere', () => {
  it('library, API, client, CLI local and CLI --remote', async () => {
    const client = createClient({ baseUrl: server.url, apiKey: key });
    await fc.assert(
      fc.asyncProperty(validSeeds(40), lists, fc.nat({ max: 5000 }), async (seed, fields, start) => {
        const library = createGenerator({ seed });
        const text = library.seed;
        const expected = library.addresses({ start, count: 4, fields });

        const response = await fetch(
          `${server.url}/v1/batch?${new URLSearchParams({ seed: text, start: String(start), count: '4', fields })}`,
          { headers: { 'x-api-key': key } },
        );
        expect(response.status, `${text} ${fields}`).toBe(200);
        expect(await response.text()).toBe(JSON.stringify({ count: 4, addresses: expected }));

        expect(await client.addresses({ seed, start, count: 4, fields })).toEqual(expected);

        const local = await runBinary([
          'address',
          `--seed=${text}`,
          '--count',
          '4',
          '--fields',
          fields,
          '--format',
          'ndjson',
        ]);
        expect(local.stderr).toBe('');
        expect(local.stdout.toString('utf8')).toBe(
          library
            .addresses({ count: 4, fields })
            .map((record) => JSON.stringify(record) + '\n')
            .join(''),
        );
        const remote = await runBinary(
          [
            'address',
            `--seed=${text}`,
            '--count',
            '4',
            '--fields',
            fields,
            '--format',
            'ndjson',
            '--remote',
            server.url,
          ],
          { env: { ...process.env, USSYNTH_API_KEY: key } },
        );
        expect(remote.stderr).toBe('');
        expect(remote.stdout.equals(local.stdout)).toBe(true);
      }),
      { numRuns: 10 },
    );
  }, 180_000);
});
