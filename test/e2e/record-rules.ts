import { createGenerator, defaultIndex, RESERVED_EMAIL_DOMAINS } from '../../src/index.js';

const lookup = createGenerator({ seed: 'record-rules' });

/** A state's geographic area codes, from the shipped index. */
function areaCodes(state: string): Set<string> {
  const data = defaultIndex();
  const entry = data.state(state);
  if (!entry) return new Set();
  const items = data.table('AC').items.subarray(entry.areaCodeOffset, entry.areaCodeOffset + entry.areaCodeCount);
  return new Set([...items].map(String));
}

/** Problems with a `(AAA) NNN-NNNN` phone of a state; empty when it is right. */
export function phoneProblems(phone: string, state: string | undefined): string[] {
  const match = /^\((\d{3})\) (\d{3})-(\d{4})$/.exec(phone);
  if (!match) return [`phone ${JSON.stringify(phone)} is not (AAA) NNN-NNNN`];
  const [, area, exchange] = match;
  const problems: string[] = [];
  if (state !== undefined && !areaCodes(state).has(area)) problems.push(`area code ${area} is not one of ${state}'s`);
  if (exchange < '200' || exchange.endsWith('11') || exchange === '555')
    problems.push(`exchange ${exchange} is not a valid real-number NXX`);
  return problems;
}

/**
 * Every format and consistency rule an address must keep, as a list of
 * problems: fields present, ZIP of the state with the ZIP's own city (by the
 * Node library's lookup), phone of the state, e-mail on a reserved domain.
 */
export function addressProblems(record: Record<string, string>, state?: string): string[] {
  const problems: string[] = [];
  const keys = Object.keys(record)
    .sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))
    .join(',');
  if (keys !== 'city,country,email,name,phone,state,street,zip') problems.push(`fields are ${keys}`);
  if (!/^\S+( \S+)+$/.test(record.name)) problems.push(`name ${JSON.stringify(record.name)} is not a full name`);
  if (!/^\d+ \S.*$/.test(record.street))
    problems.push(`street ${JSON.stringify(record.street)} has no number and name`);
  if (!/^[A-Z]{2}$/.test(record.state)) problems.push(`state ${record.state} is not two capitals`);
  if (state !== undefined && record.state !== state)
    problems.push(`state ${record.state} is not the requested ${state}`);
  if (!/^\d{5}$/.test(record.zip)) problems.push(`zip ${record.zip} is not five digits`);
  else {
    const found = lookup.zip(record.zip);
    if (!found) problems.push(`zip ${record.zip} is not a known ZIP`);
    else {
      if (found.state !== record.state) problems.push(`zip ${record.zip} is in ${found.state}, not ${record.state}`);
      if (found.city !== record.city) problems.push(`zip ${record.zip} is ${found.city}, not ${record.city}`);
    }
  }
  problems.push(...phoneProblems(record.phone, record.state));
  const email = /^[a-z0-9._]+@([a-z.]+)$/.exec(record.email);
  if (!email) problems.push(`email ${record.email} is malformed`);
  else if (!(RESERVED_EMAIL_DOMAINS as readonly string[]).includes(email[1]))
    problems.push(`email ${record.email} is not on a reserved domain`);
  if (record.country !== 'United States') problems.push(`country is ${record.country}`);
  return problems;
}

/** Problems with an EIN: format and a valid IRS campus prefix. */
export function einProblems(ein: string): string[] {
  if (!/^\d{2}-\d{7}$/.test(ein)) return [`ein ${ein} is not XX-XXXXXXX`];
  return defaultIndex().einPrefixes.includes(Number(ein.slice(0, 2))) ? [] : [`ein ${ein} has no valid campus prefix`];
}

/** Problems with a phone result: both notations of one number of the state. */
export function phoneResultProblems(record: Record<string, string>, state?: string): string[] {
  const problems = phoneProblems(record.phone, state);
  const same = record.phone.replace(/^\((\d{3})\) /, '+1 $1-');
  if (record.intl !== same) problems.push(`intl ${record.intl} is not ${record.phone} in +1 AAA-NNN-NNNN`);
  return problems;
}
