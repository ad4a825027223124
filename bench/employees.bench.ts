/**
 * `npm run bench:employees`: employees per second against today's default
 * address records per second, in interleaved rounds (each round times every
 * contender once, in turn), so the ratio compares runs seconds apart on a
 * shared machine; rates are per second of this process's CPU time.
 * Contenders: pages of 1000 default address records; employees of
 * companies 0, 1, 2, ... taken whole (their pages cut at each headcount:
 * every company is made once, as the CLI and a table load make them), 1000
 * a page; and employees of one company of 10,000 or more read page by page (again
 * from its first page after its last).
 *
 * Environment: BENCH_ROUNDS (default 7).
 */
import { loadavg } from 'node:os';
import { createGenerator } from '../src/index.js';
import { formatRate, median } from './measure.js';

const PAGE = 1000;
const PAGES = 60;
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 7);

const gen = createGenerator({ seed: 42 });
let sink = 0;
const keep = (record: object): void => {
  sink += Object.keys(record).length;
};

/** A company with at least `headcount` employees: the first of the stream. */
function largeCompany(headcount: number): number {
  for (let i = 0; ; i++) if (gen.companyAt(i).employees >= headcount) return i;
}
const large = largeCompany(10 * PAGE);
const largePages = Math.floor(gen.companyAt(large).employees / PAGE);

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

/** Pages of 1000 records per second of CPU time for `pages` pages made by `page(p)`. */
function pagesPerSecond(pages: number, page: (p: number) => void): number {
  const cpu = process.cpuUsage();
  for (let p = 0; p < pages; p++) page(p);
  const used = process.cpuUsage(cpu);
  return pages / ((used.user + used.system) / 1e6);
}

const contenders: Record<string, (p: number) => void> = {
  'default address records': (p) => gen.addresses({ start: p * PAGE, count: PAGE }).forEach(keep),
  'employees, companies 0, 1, 2, ... whole': companiesPage,
  [`employees of one company (${gen.companyAt(large).employees} employees), by pages`]: (p) =>
    gen.employees({ company: large, start: (p % largePages) * PAGE, count: PAGE }).forEach(keep),
};
const names = Object.keys(contenders);

// Warm-up: the first companies make the commuting sets of their counties and cells.
for (const name of names) pagesPerSecond(PAGES / 4, contenders[name]);
const runs = new Map<string, number[]>(names.map((name) => [name, []]));
const load = [loadavg()[0]];
for (let round = 0; round < ROUNDS; round++) {
  for (let k = 0; k < names.length; k++) {
    const name = names[(k + round) % names.length];
    runs.get(name)!.push(pagesPerSecond(PAGES, contenders[name]));
  }
  load.push(loadavg()[0]);
}

const rate = (name: string): number => median(runs.get(name)!);
console.log(`| Contender | records / s (median of ${ROUNDS}) | vs default address records |`);
console.log('|---|---:|---:|');
for (const name of names) {
  console.log(
    `| ${name} | ${formatRate(rate(name) * PAGE)} | ${(rate(name) / rate('default address records')).toFixed(2)}x |`,
  );
}
console.log(
  `\ncompanies made: ${nextCompany}; load average (1 min) over the rounds: ${Math.min(...load).toFixed(1)}..${Math.max(...load).toFixed(1)}${sink < 0 ? '' : ''}`,
);
