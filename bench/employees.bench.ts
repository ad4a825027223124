/**
 * `npm run bench:employees`: employees per second against today's default
 * address records per second, in interleaved rounds (each round times every
 * contender once, in turn), so a ratio compares runs seconds apart on a
 * shared machine; rates are per second of this process's CPU time, ratios
 * are medians (and ranges) of per-round ratios.
 * Contenders, 1000 records a page:
 * - default address records, new pages: records 0, 1000, 2000, ... on, each
 *   made once (the peer of companies taken whole: every record new);
 * - default address records, the same 60 pages again (records 0..59,999 every
 *   round: the peer of one company's pages read again);
 * - employees of companies 0, 1, 2, ... taken whole (cut at 1000 a company:
 *   every company is made once, as the CLI and a table load make them, and
 *   counted only through its employees);
 * - employees of one company of 10,000 or more read page by page (again from
 *   its first page after its last);
 * - @faker-js/faker building the same 15 fields with its own modules, as a
 *   user would in a loop (a small company, then 1..31 employees of it), the
 *   peer of issue 49's other speed figures (companies: bench:companies).
 *
 * Environment: BENCH_ROUNDS (default 7).
 */
import { fakerEN_US as faker } from '@faker-js/faker';
import { loadavg } from 'node:os';
import { createGenerator } from '../src/index.js';
import { formatRate, median } from './measure.js';

const PAGE = 1000;
const PAGES = 60;
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 7);

const gen = createGenerator({ seed: 42 });
let sink = 0;
// One field read per record, as bench:households and the generator bench do: Object.keys would cost the wider record
// (15 fields against 8) an array twice as long, work of the benchmark, not of the generator.
const keep = (record: { name: string }): void => {
  sink += record.name.length;
};

/** A company with at least `headcount` employees: the first of the stream. */
function largeCompany(headcount: number): number {
  for (let i = 0; ; i++) if (gen.companyAt(i).employees >= headcount) return i;
}
const large = largeCompany(10 * PAGE);
const largePages = Math.floor(gen.companyAt(large).employees / PAGE);

// New pages meet names and ZIPs the shared string caches have not seen yet, as companies taken whole do; pages made
// again find them all made.
let nextAddressPage = 0;
/** The next 1000 default address records, after the last page's. */
function addressPage(): void {
  gen.addresses({ start: nextAddressPage++ * PAGE, count: PAGE }).forEach(keep);
}

let nextCompany = 0;
/** The next 1000 employees of companies taken in index order, each whole. */
function companiesPage(): void {
  let made = 0;
  while (made < PAGE) {
    const employees = gen.employees({ company: nextCompany++, count: PAGE });
    employees.forEach(keep);
    made += employees.length;
  }
}

faker.seed(42);
const REF_DATE = '2025-12-31';
let fakerCompany = { id: '', domain: '', state: '' };
let fakerLeft = 0;

/** faker-js's employee with the same 15 fields as a ussynth employee, each from faker's module for it. */
function fakerEmployee(): Record<string, unknown> {
  // A new company (what an employee row needs of it) every 1..31 employees, about 16 as ussynth's companies whole.
  if (fakerLeft-- === 0) {
    fakerCompany = {
      id: faker.string.uuid(),
      domain: faker.internet.domainName(),
      state: faker.location.state({ abbreviated: true }),
    };
    fakerLeft = faker.number.int({ min: 0, max: 30 });
  }
  const sex = faker.person.sexType();
  const firstName = faker.person.firstName(sex);
  const lastName = faker.person.lastName();
  const state = fakerCompany.state;
  return {
    id: faker.string.uuid(),
    companyId: fakerCompany.id,
    title: faker.person.jobTitle(),
    name: firstName + ' ' + lastName,
    firstName,
    lastName,
    sex: sex === 'female' ? 'F' : 'M',
    birthDate: faker.date.birthdate({ mode: 'age', min: 18, max: 70, refDate: REF_DATE }).toISOString().slice(0, 10),
    street: faker.location.streetAddress(),
    city: faker.location.city(),
    state,
    zip: faker.location.zipCode({ state }),
    phone: faker.phone.number({ style: 'national' }),
    email: (firstName + '.' + lastName + '@' + fakerCompany.domain).toLowerCase(),
    country: 'United States',
  };
}

/** Pages of 1000 records per second of CPU time for `pages` pages made by `page(p)`. */
function pagesPerSecond(pages: number, page: (p: number) => void): number {
  const cpu = process.cpuUsage();
  for (let p = 0; p < pages; p++) page(p);
  const used = process.cpuUsage(cpu);
  return pages / ((used.user + used.system) / 1e6);
}

const NEW_ADDRESSES = 'default address records, new pages';
const SAME_ADDRESSES = 'default address records, the same 60 pages again';
const FAKER = 'faker-js, employees, same fields';
const contenders: Record<string, (p: number) => void> = {
  [NEW_ADDRESSES]: addressPage,
  [SAME_ADDRESSES]: (p) => gen.addresses({ start: p * PAGE, count: PAGE }).forEach(keep),
  'employees, companies 0, 1, 2, ... whole': companiesPage,
  [`employees of one company (${gen.companyAt(large).employees} employees), by pages`]: (p) =>
    gen.employees({ company: large, start: (p % largePages) * PAGE, count: PAGE }).forEach(keep),
  [FAKER]: () => {
    for (let i = 0; i < PAGE; i++) keep(fakerEmployee() as { name: string });
  },
};
const names = Object.keys(contenders);
// faker-js makes an employee 10 or more times slower: fewer pages keep its turn near the others' length.
const pagesOf = (name: string): number => (name === FAKER ? PAGES / 10 : PAGES);

// Warm-up: the first companies make the commuting sets of their counties and cells.
for (const name of names) pagesPerSecond(pagesOf(name) / 4, contenders[name]);
const runs = new Map<string, number[]>(names.map((name) => [name, []]));
const load = [loadavg()[0]];
for (let round = 0; round < ROUNDS; round++) {
  for (let k = 0; k < names.length; k++) {
    const name = names[(k + round) % names.length];
    runs.get(name)!.push(pagesPerSecond(pagesOf(name), contenders[name]));
  }
  load.push(loadavg()[0]);
}

const rate = (name: string): number => median(runs.get(name)!);
/** Median and range of a contender's per-round ratios to another contender's. */
function ratio(name: string, peer: string): string {
  const ratios = runs.get(name)!.map((r, round) => r / runs.get(peer)![round]);
  return `${median(ratios).toFixed(2)}x (${Math.min(...ratios).toFixed(2)}-${Math.max(...ratios).toFixed(2)})`;
}
console.log(
  `| Contender | records / s (median of ${ROUNDS}) | vs address records, new pages | vs the same pages again | vs faker-js |`,
);
console.log('|---|---:|---:|---:|---:|');
for (const name of names) {
  console.log(
    `| ${name} | ${formatRate(rate(name) * PAGE)} | ${ratio(name, NEW_ADDRESSES)} | ${ratio(name, SAME_ADDRESSES)} | ${ratio(name, FAKER)} |`,
  );
}
console.log(
  `\naddress records made in new pages: ${nextAddressPage * PAGE}; companies made: ${nextCompany}; load average (1 min) over the rounds: ${Math.min(...load).toFixed(1)}..${Math.max(...load).toFixed(1)}${sink < 0 ? '' : ''}`,
);
