import type { Command } from '../command.js';
import { recordCommand } from '../jobs/record-command.js';
import { FIELDS_HELP, RECORD_OPTIONS_HELP } from '../jobs/record-help.js';

/**
 * `ussynth batch`: the service's batch result, of any size.
 * @example await batchCommand.run(['--seed', '42', '--count', '100'], io)
 */
export const batchCommand: Command = recordCommand({
  name: 'batch',
  kind: 'address',
  batch: true,
  summary: 'A batch of addresses as the API\'s {"count":N,"addresses":[...]}',
  help: `Usage: ussynth batch --count N [options]

Writes N synthetic addresses. In JSON the output is the API's batch result,
{"count":N,"addresses":[...]} (one address per line), without the API's
1000-record cap; in ndjson, csv and sql it is the same records as
\`ussynth address --count N\`. --count is required.

Options:
  --state XX           Two-letter state, DC or territory code (any case).
  --email-domain D     E-mail domain of your own instead of example.com/.net/.org.
  --fictional-phones   Phones in the fictional range 555-0100..555-0199.
  --geo                Add lat, lon, county, countyFips and timeZone after country
                       (a point in the ZIP's area and county; columns in CSV and
                       SQL, where lat and lon are DOUBLE PRECISION).
${FIELDS_HELP}
${RECORD_OPTIONS_HELP}

Examples:
  ussynth batch --seed 42 --count 100 > batch.json
  ussynth batch --seed 42 --count 250000 --state TX --format csv --out texas.csv
`,
});
