/**
 * `npm run bench:companies`: company records per second of CPU time,
 * ussynth's `companies()` pages of 1000 against @faker-js/faker building the
 * same fields with its own modules (company.name, location, phone,
 * internet.domainName, ...), in interleaved rounds (each round times every
 * contender once, in turn), so the ratio compares runs seconds apart on a
 * shared machine. Also today's default address record, for scale.
 * Target (issue 49, item 7): companies at least 10x faker-js.
 *
 * Environment: BENCH_ROUNDS (default 7).
 */
import { fakerEN_US as faker } from '@faker-js/faker';
import { loadavg } from 'node:os';
import { createGenerator } from '../src/index.js';
import { formatRate, median } from './measure.js';

const PAGE = 1000;
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 7);

const gen = createGenerator({ seed: 42 });
let sink = 0;
const keep = (record: object): void => {
  sink += Object.keys(record).length;
};
faker.seed(42);

const LEGAL_FORMS = ['LLC', 'Inc.', 'Corp.', 'Co.', 'PLLC', 'LLP', 'PC'];

/** faker-js's company with the same 23 fields as a ussynth company, each from faker's module for it. */
function fakerCompany(): Record<string, unknown> {
  const name = faker.company.name();
  const domain = faker.internet.domainName();
  const state = faker.location.state({ abbreviated: true });
  return {
    id: faker.string.uuid(),
    name,
    legalForm: faker.helpers.arrayElement(LEGAL_FORMS),
    ein: faker.string.numeric(2) + '-' + faker.string.numeric(7),
    naics: faker.string.numeric(6),
    naicsTitle: faker.company.buzzPhrase(),
    // faker has no NPI; ten digits stand for ours (an NPI on the health care providers, about 1 in 12 companies).
    npi: faker.string.numeric(10),
    line1: faker.location.streetAddress(),
    line2: faker.location.secondaryAddress(),
    city: faker.location.city(),
    state,
    zip: faker.location.zipCode({ state }),
    lat: faker.location.latitude(),
    lon: faker.location.longitude(),
    county: faker.location.county(),
    countyFips: faker.string.numeric(5),
    timeZone: faker.location.timeZone(),
    phone: faker.phone.number({ style: 'national' }),
    domain,
    website: 'https://www.' + domain,
    email: faker.internet.email({ provider: domain }),
    employees: faker.number.int({ min: 1, max: 20_000 }),
    founded: faker.date.past({ years: 100, refDate: '2025-12-31' }).toISOString().slice(0, 10),
    incorporationState: faker.location.state({ abbreviated: true }),
  };
}

/** Pages of 1000 records per second of CPU time for `pages` pages made by `page(start)`. */
function pagesPerSecond(pages: number, page: (start: number) => void): number {
  const cpu = process.cpuUsage();
  for (let p = 0; p < pages; p++) page(p * PAGE);
  const used = process.cpuUsage(cpu);
  return pages / ((used.user + used.system) / 1e6);
}

const contenders: Record<string, { pages: number; page: (start: number) => void }> = {
  'ussynth companies()': { pages: 100, page: (start) => gen.companies({ start, count: PAGE }).forEach(keep) },
  'ussynth companies(), state TX': {
    pages: 100,
    page: (start) => gen.companies({ start, count: PAGE, state: 'TX' }).forEach(keep),
  },
  'faker-js, same fields': {
    pages: 10,
    page: () => {
      for (let i = 0; i < PAGE; i++) keep(fakerCompany());
    },
  },
  'ussynth addresses() (default record, for scale)': {
    pages: 100,
    page: (start) => gen.addresses({ start, count: PAGE }).forEach(keep),
  },
};
const names = Object.keys(contenders);

for (const name of names) pagesPerSecond(Math.max(1, contenders[name].pages / 4), contenders[name].page);
const runs = new Map<string, number[]>(names.map((name) => [name, []]));
const load = [loadavg()[0]];
for (let round = 0; round < ROUNDS; round++) {
  for (let k = 0; k < names.length; k++) {
    const name = names[(k + round) % names.length];
    runs.get(name)!.push(pagesPerSecond(contenders[name].pages, contenders[name].page));
  }
  load.push(loadavg()[0]);
}

const rate = (name: string): number => median(runs.get(name)!);
const faker1 = rate('faker-js, same fields');
console.log(`| Contender | records / s of CPU (median of ${ROUNDS}) | vs faker-js |`);
console.log('|---|---:|---:|');
for (const name of names)
  console.log(`| ${name} | ${formatRate(rate(name) * PAGE)} | ${(rate(name) / faker1).toFixed(1)}x |`);
console.log(
  `\nload average (1 min) over the rounds: ${Math.min(...load).toFixed(1)}..${Math.max(...load).toFixed(1)}${sink < 0 ? '' : ''}`,
);
