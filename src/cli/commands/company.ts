import type { Command } from '../command.js';
import { recordCommand } from '../jobs/record-command.js';
import { RECORD_OPTIONS_HELP } from '../jobs/record-help.js';

/**
 * `ussynth company`: company records (name, EIN, NAICS, address with geography, local phone, reserved domain, size).
 * @example await companyCommand.run(['--seed', '42', '--count', '5', '--format', 'csv'], io)
 */
export const companyCommand: Command = recordCommand({
  name: 'company',
  kind: 'company',
  summary: 'Company records: name, EIN, NAICS, address, phone, domain, size',
  help: `Usage: ussynth company [options]

Writes company records: records 0..N-1 of the companies stream of the seed
(and --state), the library's companyAt(0..N-1): id, name, legalForm, ein,
naics, naicsTitle, npi (health care providers'; '' for others), line1,
line2, city, state, zip, lat, lon, county, countyFips, timeZone, phone,
domain, website, email, employees, founded, incorporationState. Domains are under example.com/.net/.org only. JSON:
without --count one object; with --count an array. Default table: companies.

Options:
${RECORD_OPTIONS_HELP}

Examples:
  ussynth company
  ussynth company --seed 42 --count 1000 --state TX --format csv --out companies.csv
  ussynth company --count 100000 --to sqlite:fixtures.db
`,
});
