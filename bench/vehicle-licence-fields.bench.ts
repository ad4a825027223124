/**
 * `npm run bench:vehicle-fields`: what the vehicle and licence fields
 * (vin, vehicleYear, vehicleMake, driversLicense, driversLicenseState, issue
 * 51) cost. Pages of 1000 records of a person record (name parts, address,
 * phone, e-mail, birth date, UUID) with and without the five fields, in
 * interleaved rounds, per second of this process's CPU time; the issue's
 * target is at least 0.7x. Also all 50 states' licences against Florida's
 * only (the derived one, which draws the birth date), and the person record
 * with every new field of issue 51 (the five and the eight identifier fields),
 * and with 13 columns of the constant `country` (the width alone: the floor
 * of the target).
 * Each contender's base is the same person record in the same rounds, same
 * generator and same record indices.
 *
 * Environment: BENCH_ROUNDS (default 7).
 */
import { loadavg } from 'node:os';
import { createGenerator } from '../src/index.js';
import { formatRate, median } from './measure.js';

const PAGE = 1000;
const PAGES = 60;
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 7);
const PERSON = 'firstName,lastName,sex,birthDate,street,city,state,zip,phone,email,uuid';
const NEW = 'vin,vehicleYear,vehicleMake,driversLicense,driversLicenseState';
const IDENTIFIERS = 'ssn,routingNumber,bankAccount,cardNumber,cardBrand,cardExpiry,cardCvc,npi';
const WIDTH = Array.from({ length: 13 }, (_, i) => `c${i}=country`).join(',');

const gen = createGenerator({ seed: 42 });
let sink = 0;
const keep = (record: object): void => {
  sink += Object.keys(record).length;
};

function pagesPerSecond(page: (start: number) => void): number {
  const cpu = process.cpuUsage();
  for (let p = 0; p < PAGES; p++) page(p * PAGE);
  const used = process.cpuUsage(cpu);
  return PAGES / ((used.user + used.system) / 1e6);
}

const contenders: Record<string, (start: number) => void> = {
  'person record': (start) => gen.addresses({ start, count: PAGE, fields: PERSON }).forEach(keep),
  'person record + the five fields': (start) =>
    gen.addresses({ start, count: PAGE, fields: `${PERSON},${NEW}` }).forEach(keep),
  'person record + every new field': (start) =>
    gen.addresses({ start, count: PAGE, fields: `${PERSON},${NEW},${IDENTIFIERS}` }).forEach(keep),
  // The floor of the target: 13 columns of a constant ("US"), as many as every new field adds, cost the width alone.
  'person record + 13 columns of country': (start) =>
    gen.addresses({ start, count: PAGE, fields: `${PERSON},${WIDTH}` }).forEach(keep),
  'person record, Florida': (start) => gen.addresses({ start, state: 'FL', count: PAGE, fields: PERSON }).forEach(keep),
  'person record + the five fields, Florida': (start) =>
    gen.addresses({ start, state: 'FL', count: PAGE, fields: `${PERSON},${NEW}` }).forEach(keep),
};
const names = Object.keys(contenders);
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
const rate = (name: string): number => median(runs.get(name)!);
console.log(`| contender | records / s of CPU (median of ${ROUNDS}) | vs the same without the new fields |`);
console.log('|---|---:|---:|');
for (const name of names) {
  const base = name.replace(/ \+ (the five fields|every new field|13 columns of country)/, '');
  console.log(`| ${name} | ${formatRate(rate(name) * PAGE)} | ${(rate(name) / rate(base)).toFixed(2)}x |`);
}
console.log(
  `\nload average (1 min) over the rounds: ${Math.min(...load).toFixed(1)}..${Math.max(...load).toFixed(1)}${sink < 0 ? '' : ''}`,
);
