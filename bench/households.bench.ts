/**
 * `npm run bench:households`: household people per second against today's default address records per second
 * (`gen.addresses`), in interleaved rounds of the same run (each round times each contender, in turn), per second of this
 * process's CPU time (the machine may be loaded). Issue 49's target: people at least 1x the address records.
 * Pages of 1000 households (about 2,480 people, each with the household's shared street, city, state, ZIP and
 * landline) and of 1000 address records, the same 60 pages every round on both sides. The ratio is the median of
 * the rounds' own ratios (each round's people/s over the same round's address records/s), with its range.
 * Beside them, the peer of issue 49's other speed figures: @faker-js/faker building the same household and member
 * fields with its own modules, as a user would in a loop (bench/faker-related-child.ts, in a process of its own,
 * its CPU time; a tenth of the pages a round, as it is slower), and the people's ratio to it likewise.
 *
 * Environment: BENCH_ROUNDS (default 7).
 */
import { loadavg } from 'node:os';
import { createGenerator } from '../src/index.js';
import { startFakerContender } from './faker-related.js';
import { formatRate, median } from './measure.js';

const PAGE = 1000;
const PAGES = 60;
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 7);

const gen = createGenerator({ seed: 42 });
let sink = 0;

/** Records (people, or address records) per second of CPU time over `PAGES` pages. */
function rate(page: (start: number) => number): number {
  const cpu = process.cpuUsage();
  let records = 0;
  for (let p = 0; p < PAGES; p++) records += page(p * PAGE);
  const used = process.cpuUsage(cpu);
  return records / ((used.user + used.system) / 1e6);
}

const contenders: Record<string, (start: number) => number> = {
  'ussynth, household people (gen.households)': (start) => {
    let people = 0;
    for (const household of gen.households({ start, count: PAGE })) {
      people += household.members.length;
      sink += household.members[0].name.length;
    }
    return people;
  },
  'ussynth, default address records (gen.addresses)': (start) => {
    for (const address of gen.addresses({ start, count: PAGE })) sink += address.name.length;
    return PAGE;
  },
};
const FAKER = 'faker-js, household people, same fields (own process)';
const faker = startFakerContender('households');
/** faker-js's household people per second of the faker process's CPU time over `pages` pages of 1000 households. */
async function fakerRate(pages: number): Promise<number> {
  const { records, cpuSeconds } = await faker.round(pages);
  return records / cpuSeconds;
}
const names = [...Object.keys(contenders), FAKER];

for (const name of Object.keys(contenders)) rate(contenders[name]);
await fakerRate(PAGES / 5);
const runs = new Map<string, number[]>(names.map((name) => [name, []]));
const load = [loadavg()[0]];
for (let round = 0; round < ROUNDS; round++) {
  for (let k = 0; k < names.length; k++) {
    const name = names[(k + round) % names.length];
    runs.get(name)!.push(name === FAKER ? await fakerRate(PAGES / 10) : rate(contenders[name]));
  }
  load.push(loadavg()[0]);
}
faker.stop();

const people = runs.get(names[0])!;
const addresses = runs.get(names[1])!;
const fakerPeople = runs.get(FAKER)!;
// Each round's own ratio: a burst of load from other processes moves both sides of one round alike.
const ratios = people.map((rate, round) => rate / addresses[round]);
const fakerRatios = people.map((rate, round) => rate / fakerPeople[round]);
console.log(`| Contender | records / s (median of ${ROUNDS}) |`);
console.log('|---|---:|');
for (const name of names) console.log(`| ${name} | ${formatRate(median(runs.get(name)!))} |`);
console.log(
  `\npeople / address records: ${median(ratios).toFixed(2)}x median of ${ROUNDS} rounds, ` +
    `${Math.min(...ratios).toFixed(2)}-${Math.max(...ratios).toFixed(2)}x range`,
);
console.log(
  `people / faker-js people: ${median(fakerRatios).toFixed(1)}x median of ${ROUNDS} rounds, ` +
    `${Math.min(...fakerRatios).toFixed(1)}-${Math.max(...fakerRatios).toFixed(1)}x range`,
);
console.log(
  `load average (1 min) over the rounds: ${Math.min(...load).toFixed(1)}..${Math.max(...load).toFixed(1)}${sink < 0 ? '' : ''}`,
);
