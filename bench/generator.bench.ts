/**
 * `npm run bench`: the generator against faker-js and chance, each building
 * the same eight-field record in the same run; ZIP lookups; index loading.
 */
import { fakerEN_US } from '@faker-js/faker';
import Chance from 'chance';
import { execFileSync } from 'node:child_process';
import { cpus } from 'node:os';
import { createGenerator, type Address } from '../src/index.js';
import { formatRate, measure } from './measure.js';

const RECORDS = 500_000;
const PEER_RECORDS = 50_000;

const gen = createGenerator({ seed: 42 });
let sink = 0;
const keep = (a: Address): void => {
  sink += a.zip.length;
};

const ussynth = measure('ussynth addressAt', RECORDS, (n) => {
  for (let i = 0; i < n; i++) keep(gen.addressAt(i));
});
const ussynthPages = measure('ussynth addresses() pages of 1000', RECORDS, (n) => {
  for (let start = 0; start < n; start += 1000) for (const a of gen.addresses({ start, count: 1000 })) keep(a);
});

fakerEN_US.seed(42);
const faker = measure('@faker-js/faker', PEER_RECORDS, (n) => {
  for (let i = 0; i < n; i++) {
    keep({
      name: fakerEN_US.person.fullName(),
      street: fakerEN_US.location.streetAddress(),
      city: fakerEN_US.location.city(),
      state: fakerEN_US.location.state({ abbreviated: true }),
      zip: fakerEN_US.location.zipCode('#####'),
      phone: fakerEN_US.phone.number({ style: 'national' }),
      email: fakerEN_US.internet.email(),
      country: 'United States',
    });
  }
});

const chance = new Chance(42);
const chanceRate = measure('chance', PEER_RECORDS, (n) => {
  for (let i = 0; i < n; i++) {
    keep({
      name: chance.name(),
      street: chance.address(),
      city: chance.city(),
      state: chance.state(),
      zip: chance.zip(),
      phone: chance.phone({ formatted: true }),
      email: chance.email(),
      country: 'United States',
    });
  }
});

const zipCodes = gen.addresses({ start: 0, count: 1000 }).map((a) => a.zip);
const zips = measure('ussynth zip lookups', 10_000_000, (n) => {
  for (let i = 0; i < n; i++) sink += gen.zip(zipCodes[i % 1000])!.city.length;
});

// Index loading in fresh processes: read the file and parse it, nothing cached.
const loadScript = `
  const t = process.hrtime.bigint();
  const { defaultIndex } = await import(${JSON.stringify(new URL('../src/default-index.ts', import.meta.url).href)});
  const imported = process.hrtime.bigint();
  defaultIndex();
  console.log(Number(process.hrtime.bigint() - imported) / 1e6);`;
const loads = Array.from({ length: 7 }, () =>
  Number(execFileSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', loadScript], { encoding: 'utf8' }).trim()),
).sort((a, b) => a - b);

const rows = [
  ['ussynth, record by record (addressAt)', formatRate(ussynth.perSecond), formatRate(ussynth.medianPerSecond), '1.0'],
  ['ussynth, pages of 1000 (addresses)', formatRate(ussynthPages.perSecond), formatRate(ussynthPages.medianPerSecond), (ussynthPages.perSecond / ussynth.perSecond).toFixed(2)],
  ['@faker-js/faker (same 8 fields)', formatRate(faker.perSecond), formatRate(faker.medianPerSecond), (faker.perSecond / ussynth.perSecond).toFixed(3)],
  ['chance (same 8 fields)', formatRate(chanceRate.perSecond), formatRate(chanceRate.medianPerSecond), (chanceRate.perSecond / ussynth.perSecond).toFixed(3)],
];
console.log(`node ${process.version}, ${cpus().length} x ${cpus()[0]?.model ?? 'cpu'}\n`);
console.log('| address records | best / s | median / s | rate relative to ussynth |\n|---|---:|---:|---:|');
for (const row of rows) console.log(`| ${row.join(' | ')} |`);
console.log(`\nussynth is ${(ussynth.perSecond / faker.perSecond).toFixed(1)}x faker-js and ${(ussynth.perSecond / chanceRate.perSecond).toFixed(1)}x chance (best runs).`);
console.log(`\n| other | figure |\n|---|---:|`);
console.log(`| ZIP lookups / s (best; median) | ${formatRate(zips.perSecond)}; ${formatRate(zips.medianPerSecond)} |`);
console.log(`| index load, ms (read + parse, fresh process; min / median / max of 7) | ${loads[0].toFixed(1)} / ${loads[3].toFixed(1)} / ${loads[6].toFixed(1)} |`);
if (sink === 42) console.log('');
