/**
 * `npm run bench:households`: household people per second against today's default address records per second
 * (`gen.addresses`), in interleaved rounds of the same run (each round times each contender, in turn), per second of this
 * process's CPU time (the machine may be loaded). Issue 49's target: people at least 1x the address records.
 * Pages of 1000 households (about 2,480 people, each with the household's shared street, city, state, ZIP and
 * landline) and of 1000 address records, the same 60 pages every round on both sides. The ratio is the median of
 * the rounds' own ratios (each round's people/s over the same round's address records/s), with its range.
 * Beside them, the peer of issue 49's other speed figures: @faker-js/faker building the same household and member
 * fields with its own modules, as a user would in a loop (a household's size from the same ACS shares, its address
 * copied to its people, the householder's surname shared, a mobile and an e-mail from 13), in fewer pages a round
 * (it is slower).
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

faker.seed(42);
const REF_DATE = '2025-12-31';
// Household sizes 1..7+ from datasets/acs-households/household-type-by-size.csv (family and nonfamily summed).
const SIZES = [
  { value: 1, weight: 27.97 },
  { value: 2, weight: 34.0 },
  { value: 3, weight: 15.5 },
  { value: 4, weight: 12.7 },
  { value: 5, weight: 5.85 },
  { value: 6, weight: 2.38 },
  { value: 7, weight: 1.6 },
];
const RELATIONSHIPS = ['spouse', 'partner', 'child', 'relative', 'roommate'];

/** faker-js's household with the same fields as a ussynth household and its members, each from faker's module for it. */
function fakerHousehold(): { members: { name: string }[] } {
  const id = faker.string.uuid();
  const line1 = faker.location.streetAddress();
  const line2 = faker.helpers.maybe(() => faker.location.secondaryAddress(), { probability: 0.3 }) ?? '';
  const street = line2 === '' ? line1 : line1 + ' ' + line2;
  const city = faker.location.city();
  const state = faker.location.state({ abbreviated: true });
  const zip = faker.location.zipCode({ state });
  const size = faker.helpers.weightedArrayElement(SIZES);
  const surname = faker.person.lastName();
  const members = [];
  for (let m = 0; m < size; m++) {
    const sex = faker.person.sexType();
    const firstName = faker.person.firstName(sex);
    const lastName =
      m === 0 ? surname : (faker.helpers.maybe(() => faker.person.lastName(), { probability: 0.2 }) ?? surname);
    const born = faker.date.birthdate({ mode: 'age', min: m === 0 ? 18 : 0, max: 90, refDate: REF_DATE });
    // A phone and an e-mail from 13 (born in 2012 or before, at REF_DATE), as ussynth's members have them.
    const teen = born.getUTCFullYear() <= 2012;
    members.push({
      id: faker.string.uuid(),
      householdId: id,
      relationship: m === 0 ? 'householder' : faker.helpers.arrayElement(RELATIONSHIPS),
      name: firstName + ' ' + lastName,
      firstName,
      lastName,
      sex: sex === 'female' ? 'F' : 'M',
      birthDate: born.toISOString().slice(0, 10),
      street,
      city,
      state,
      zip,
      phone: teen ? faker.phone.number({ style: 'national' }) : '',
      email: teen ? faker.internet.exampleEmail({ firstName, lastName }) : '',
      country: 'United States',
    });
  }
  return {
    id,
    street,
    line1,
    line2,
    city,
    state,
    zip,
    phone: faker.phone.number({ style: 'national' }),
    size,
    type: faker.helpers.arrayElement(['family', 'nonfamily']),
    members,
  } as { members: { name: string }[] };
}

/** Records (people, or address records) per second of CPU time over `pages` pages. */
function rate(page: (start: number) => number, pages = PAGES): number {
  const cpu = process.cpuUsage();
  let records = 0;
  for (let p = 0; p < pages; p++) records += page(p * PAGE);
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
  'faker-js, household people, same fields': () => {
    let people = 0;
    for (let h = 0; h < PAGE; h++) {
      const household = fakerHousehold();
      people += household.members.length;
      sink += household.members[0].name.length;
    }
    return people;
  },
};
const names = Object.keys(contenders);
// faker-js makes a person 10 or more times slower: fewer pages keep its turn near the others' length.
const pagesOf = (name: string): number => (name === names[2] ? PAGES / 10 : PAGES);

for (const name of names) rate(contenders[name], pagesOf(name));
const runs = new Map<string, number[]>(names.map((name) => [name, []]));
const load = [loadavg()[0]];
for (let round = 0; round < ROUNDS; round++) {
  for (let k = 0; k < names.length; k++) {
    const name = names[(k + round) % names.length];
    runs.get(name)!.push(rate(contenders[name], pagesOf(name)));
  }
  load.push(loadavg()[0]);
}

const people = runs.get(names[0])!;
const addresses = runs.get(names[1])!;
const fakerPeople = runs.get(names[2])!;
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
