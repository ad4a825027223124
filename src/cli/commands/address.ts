import type { Command } from '../command.js';
import { recordCommand } from '../jobs/record-command.js';
import { FIELDS_HELP, RECORD_OPTIONS_HELP } from '../jobs/record-help.js';

/**
 * `ussynth address`: seeded synthetic addresses, one or millions.
 * @example await addressCommand.run(['--seed', '42', '--count', '3', '--format', 'csv'], io)
 */
export const addressCommand: Command = recordCommand({
  name: 'address',
  kind: 'address',
  summary: 'Synthetic addresses (name, street, city, state, ZIP, phone, e-mail)',
  help: `Usage: ussynth address [options]

Writes synthetic US addresses: records 0..N-1 of the address stream of the
seed, the same records as the library's addresses({ start: 0, count: N }).
JSON: without --count one object; with --count an array (one record per line).

Options:
  --state XX           Two-letter state, DC or territory code (any case); default:
                       the 50 states and DC by population.
  --email-domain D     E-mail domain of your own instead of example.com/.net/.org.
  --fictional-phones   Phones in the fictional range 555-0100..555-0199.
  --geo                Add lat, lon, county, countyFips and timeZone after country
                       (a point in the ZIP's area and county; columns in CSV and
                       SQL, where lat and lon are DOUBLE PRECISION).
${FIELDS_HELP}
${RECORD_OPTIONS_HELP}

Examples:
  ussynth address --state CA
  ussynth address --seed fixtures-v1 --count 1000 --format csv --out addresses.csv
  ussynth address --seed 42 --count 10000000 --format ndjson --jobs 2 --out big.ndjson
  ussynth address --seed 42 --count 5000 --format sql --table customers | sqlite3 test.db
  ussynth address --seed 42 --count 1000 --format csv --fields id=uuid,first_name=firstName,last_name=lastName,email,birth_date=birthDate
  ussynth address --seed 42 --count 1000000 --to postgres://postgres@localhost/test --table customers
  ussynth address --seed 42 --count 1000000 --shard 0/4 --format parquet --out dataset/
`,
});
