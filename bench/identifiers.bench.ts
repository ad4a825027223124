/**
 * `npm run bench:identifiers`: what the identifier fields (docs/identifiers.md)
 * cost. Pages of 1000 records of the eight address fields as a field list,
 * against the same eight followed by every identifier field, and by every
 * new field of issue 51 (the identifiers, the vehicle's three and the
 * licence's two), in interleaved rounds (each round times each, in turn, with
 * the same generator and the same record indices), so the ratios compare runs
 * seconds apart on a shared machine. Rates are per second of this process's
 * CPU time. The target (issue 51): a record with every new field at least
 * 0.7x the same record without them; the eight and 13 columns of the
 * constant `country` show what the width of the 13 new columns costs alone.
 *
 * Environment: BENCH_ROUNDS (default 7).
 */
import { loadavg } from 'node:os';
import { ADDRESS_FIELDS, createGenerator } from '../src/index.js';
import { formatRate, median } from './measure.js';

const PAGE = 1000;
const PAGES = 100;
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 7);
const IDENTIFIERS = ['ssn', 'routingNumber', 'bankAccount', 'cardNumber', 'cardBrand', 'cardExpiry', 'cardCvc', 'npi'];
const VEHICLE_LICENCE = ['vin', 'vehicleYear', 'vehicleMake', 'driversLicense', 'driversLicenseState'];

const gen = createGenerator({ seed: 42 });
let sink = 0;
const keep = (record: object): void => {
  sink += Object.keys(record).length;
};

const contenders: Record<string, string[]> = {
  'the eight address fields': [...ADDRESS_FIELDS],
  'the eight and every identifier field': [...ADDRESS_FIELDS, ...IDENTIFIERS],
  'the eight and every new field (identifiers, vehicle, licence)': [
    ...ADDRESS_FIELDS,
    ...IDENTIFIERS,
    ...VEHICLE_LICENCE,
  ],
  'the identifier fields alone': IDENTIFIERS,
  // The cost of eight more columns of the cheapest field: what the record's width costs whatever the field.
  'the eight and eight columns of index': [...ADDRESS_FIELDS, ...IDENTIFIERS.map((_, i) => `n${i}=index`)],
  // The floor of the target: 13 columns of a constant ("US"), as many as every new field adds, cost the width alone.
  'the eight and 13 columns of country': [
    ...ADDRESS_FIELDS,
    ...[...IDENTIFIERS, ...VEHICLE_LICENCE].map((_, i) => `c${i}=country`),
  ],
};
const names = Object.keys(contenders);

/** Pages of 1000 records per second of CPU time. */
function pagesPerSecond(fields: string[]): number {
  const cpu = process.cpuUsage();
  for (let p = 0; p < PAGES; p++) gen.addresses({ start: p * PAGE, count: PAGE, fields }).forEach(keep);
  const used = process.cpuUsage(cpu);
  return PAGES / ((used.user + used.system) / 1e6);
}

for (const name of names) pagesPerSecond(contenders[name]);
const runs = new Map<string, number[]>(names.map((name) => [name, []]));
const load = [loadavg()[0]];
for (let round = 0; round < ROUNDS; round++) {
  for (let k = 0; k < names.length; k++) {
    const name = names[(k + round) % names.length];
    runs.get(name)!.push(pagesPerSecond(contenders[name]));
  }
  load.push(loadavg()[0]);
}

const base = median(runs.get(names[0])!);
console.log(`| Record | pages of 1000 / s (median of ${ROUNDS}) | records / s | vs the eight |`);
console.log('|---|---:|---:|---:|');
for (const name of names) {
  const pages = median(runs.get(name)!);
  console.log(`| ${name} | ${pages.toFixed(1)} | ${formatRate(pages * PAGE)} | ${(pages / base).toFixed(2)}x |`);
}
console.log(
  `\nload average (1 min) over the rounds: ${Math.min(...load).toFixed(1)}..${Math.max(...load).toFixed(1)}${sink < 0 ? '' : ''}`,
);
