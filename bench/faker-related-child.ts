/**
 * The faker-js contender of bench:employees and bench:households, in a process of its own (the bench forks it once
 * and sends it a message a round): @faker-js/faker (`fakerEN_US`, seeded) building the same fields as ussynth's
 * employee rows or household people with its own modules, as a user would in a loop. In the bench's own process,
 * faker's employee rows left the address and employee contenders about 3x slower in about half the runs (cause not
 * found: not a shared read of the rows, nor faker's birth dates or lower-casing), so faker runs beside them.
 * Argument: `employees` or `households`. Message in: `{ pages }` (pages of 1000 employees, or of 1000 households).
 * Message out: `{ records, cpuSeconds, sink }`: employees or people made, this process's CPU time making them, and
 * a sum of their names' lengths (so that no row goes unread).
 */
import { fakerEN_US as faker } from '@faker-js/faker';

const PAGE = 1000;
const REF_DATE = '2025-12-31';
const kind = process.argv[2];
if (kind !== 'employees' && kind !== 'households') throw new Error(`kind must be employees or households, not ${kind}`);
faker.seed(42);
let sink = 0;

let company = { id: '', domain: '', state: '' };
let leftInCompany = 0;

/** faker-js's employee with the same 15 fields as a ussynth employee, each from faker's module for it. */
function fakerEmployee(): { name: string } {
  // A new company (what an employee row needs of it) every 1..31 employees, about 16 as ussynth's companies whole.
  if (leftInCompany-- === 0) {
    company = {
      id: faker.string.uuid(),
      domain: faker.internet.domainName(),
      state: faker.location.state({ abbreviated: true }),
    };
    leftInCompany = faker.number.int({ min: 0, max: 30 });
  }
  const sex = faker.person.sexType();
  const firstName = faker.person.firstName(sex);
  const lastName = faker.person.lastName();
  const state = company.state;
  return {
    id: faker.string.uuid(),
    companyId: company.id,
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
    email: (firstName + '.' + lastName + '@' + company.domain).toLowerCase(),
    country: 'United States',
  } as { name: string };
}

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

/** Employees or household people made in `pages` pages. */
function makePages(pages: number): number {
  let records = 0;
  for (let i = 0; i < pages * PAGE; i++) {
    if (kind === 'employees') {
      sink += fakerEmployee().name.length;
      records++;
    } else {
      const household = fakerHousehold();
      sink += household.members[0].name.length;
      records += household.members.length;
    }
  }
  return records;
}

process.on('message', (message: { pages: number }) => {
  const cpu = process.cpuUsage();
  const records = makePages(message.pages);
  const used = process.cpuUsage(cpu);
  process.send!({ records, cpuSeconds: (used.user + used.system) / 1e6, sink });
});
