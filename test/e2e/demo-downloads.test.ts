import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { runBinary } from '../cli/run-binary.js';
import { fillAndGenerate, type FormInput } from './demo-page.js';
import { useDemoSite } from './demo-site.js';

// The demo's downloads are the CLI's files: for the same seed and options, `ussynth ... --format csv|json` writes
// byte-identical output (one writer, src/records/formats/record-file.ts), so checksums match.
const demo = useDemoSite({ openPage: true });

const cases: [string, FormInput, string[]][] = [
  [
    'one address in a state',
    { kind: 'address', state: 'TX', seed: 'same bytes' },
    ['address', '--seed', 'same bytes', '--state', 'TX'],
  ],
  [
    'a batch',
    { kind: 'batch', count: 25, state: '', seed: 'same bytes' },
    ['batch', '--seed', 'same bytes', '--count', '25'],
  ],
  ['EINs', { kind: 'ein', count: 12, seed: '42' }, ['ein', '--seed', '42', '--count', '12']],
  [
    'phones in a state',
    { kind: 'phone', count: 9, state: 'NY', seed: 'x,"y"' },
    ['phone', '--seed', 'x,"y"', '--count', '9', '--state', 'NY'],
  ],
  ['a ZIP lookup', { kind: 'zip', zip: '10001' }, ['zip', '10001']],
  // With the coordinates box: the five columns of --geo, lat and lon as numbers in JSON.
  [
    'a batch with coordinates',
    { kind: 'batch', count: 20, state: 'CO', seed: 'same bytes', geo: true },
    ['batch', '--seed', 'same bytes', '--count', '20', '--state', 'CO', '--geo'],
  ],
  [
    'one address with coordinates',
    { kind: 'address', state: '', seed: '7', geo: true },
    ['address', '--seed', '7', '--geo'],
  ],
  // With fields: the columns of --fields, index and lat as numbers in JSON, birthDate from the birth index.
  [
    'a batch with fields',
    {
      kind: 'batch',
      count: 30,
      state: 'CA',
      seed: 'same bytes',
      geo: false,
      fields: 'id=uuid,first_name=firstName,last_name=lastName,birth_date=birthDate,n=index,lat,address_line2=line2',
    },
    [
      'batch',
      '--seed',
      'same bytes',
      '--count',
      '30',
      '--state',
      'CA',
      '--fields',
      'id=uuid,first_name=firstName,last_name=lastName,birth_date=birthDate,n=index,lat,address_line2=line2',
    ],
  ],
  [
    'one address with fields',
    { kind: 'address', state: '', seed: '8', geo: false, fields: 'line1, line2,zip' },
    ['address', '--seed', '8', '--fields', 'line1,line2,zip'],
  ],
];

describe('Download CSV and Download JSON give the bytes of ussynth --format csv|json', () => {
  for (const [what, input, command] of cases) {
    it(what, async () => {
      const before = await demo.page.locator('#status').textContent();
      await fillAndGenerate(demo.page, input);
      // Done when the status names the new result: "Loading the geo index…" (or the birth index) comes first on a first use.
      await expect
        .poll(async () => {
          const now = await demo.page.locator('#status').textContent();
          return now !== before && /^(Generated|Looked up) /.test(now ?? '');
        })
        .toBe(true);
      for (const format of ['csv', 'json'] as const) {
        const [download] = await Promise.all([
          demo.page.waitForEvent('download'),
          demo.page.getByRole('button', { name: `Download ${format.toUpperCase()}` }).click(),
        ]);
        // Named by the seed, or a lookup by its ZIP (it has no seed).
        expect(download.suggestedFilename()).toBe(
          `ussynth-${input.kind}-${(input.kind === 'zip' ? input.zip! : input.seed!).replace(/[^A-Za-z0-9._-]+/g, '-')}.${format}`,
        );
        const file = readFileSync((await download.path())!);
        const cli = await runBinary([...command, '--format', format]);
        expect(cli.status).toBe(0);
        expect(file.length).toBeGreaterThan(0);
        expect(file.toString('utf8'), `${what} ${format}`).toBe(cli.stdout.toString('utf8'));
        expect(file.equals(cli.stdout)).toBe(true);
      }
    });
  }
});

describe('a bad field list', () => {
  it('is refused with a message on the page, naming the field and listing the valid ones, and nothing is generated', async () => {
    await fillAndGenerate(demo.page, { kind: 'batch', count: 5, state: '', seed: 'bad', fields: 'zip,nope' });
    const alert = demo.page.locator('#alert');
    await expect.poll(() => alert.textContent()).toContain('Unknown field "nope"');
    expect(await alert.textContent()).toContain('valid fields: name, street, city');
    expect(await demo.page.locator('#fields').getAttribute('aria-invalid')).toBe('true');
    expect(await demo.page.locator('#results-table caption').textContent()).not.toContain('seed bad');
    await fillAndGenerate(demo.page, { kind: 'batch', count: 5, state: '', seed: 'bad', fields: 'zip', geo: true });
    await expect.poll(() => alert.textContent()).toContain('Untick "With coordinates"');
    await demo.page.locator('#geo').setChecked(false);
  });
});
