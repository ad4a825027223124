import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { runBinary } from '../cli/run-binary.js';
import { fillAndGenerate, type FormInput } from './demo-page.js';
import { useDemoSite } from './demo-site.js';

// The demo's downloads are the CLI's files: for the same seed and options, `ussynth ... --format csv|json` writes
// byte-identical output (one writer, src/cli/output/record-file.ts), so checksums match.
const demo = useDemoSite({ openPage: true });

async function downloaded(button: string): Promise<Buffer> {
  const [download] = await Promise.all([demo.page.waitForEvent('download'), demo.page.getByRole('button', { name: button }).click()]);
  return readFileSync((await download.path())!);
}

const cases: [string, FormInput, string[]][] = [
  ['one address in a state', { kind: 'address', state: 'TX', seed: 'same bytes' }, ['address', '--seed', 'same bytes', '--state', 'TX']],
  ['a batch', { kind: 'batch', count: 25, state: '', seed: 'same bytes' }, ['batch', '--seed', 'same bytes', '--count', '25']],
  ['EINs', { kind: 'ein', count: 12, seed: '42' }, ['ein', '--seed', '42', '--count', '12']],
  ['phones in a state', { kind: 'phone', count: 9, state: 'NY', seed: 'x,"y"' }, ['phone', '--seed', 'x,"y"', '--count', '9', '--state', 'NY']],
  ['a ZIP lookup', { kind: 'zip', zip: '10001' }, ['zip', '10001']],
  // With the coordinates box: the five columns of --geo, lat and lon as numbers in JSON.
  ['a batch with coordinates', { kind: 'batch', count: 20, state: 'CO', seed: 'same bytes', geo: true }, ['batch', '--seed', 'same bytes', '--count', '20', '--state', 'CO', '--geo']],
  ['one address with coordinates', { kind: 'address', state: '', seed: '7', geo: true }, ['address', '--seed', '7', '--geo']],
];

describe('Download CSV and Download JSON give the bytes of ussynth --format csv|json', () => {
  for (const [what, input, command] of cases) {
    it(what, async () => {
      const before = await demo.page.locator('#status').textContent();
      await fillAndGenerate(demo.page, input);
      await expect.poll(() => demo.page.locator('#status').textContent()).not.toBe(before);
      for (const format of ['csv', 'json'] as const) {
        const file = await downloaded(`Download ${format.toUpperCase()}`);
        const cli = await runBinary([...command, '--format', format]);
        expect(cli.status).toBe(0);
        expect(file.length).toBeGreaterThan(0);
        expect(file.toString('utf8'), `${what} ${format}`).toBe(cli.stdout.toString('utf8'));
        expect(file.equals(cli.stdout)).toBe(true);
      }
    });
  }
});
