import type { Command } from '../command.js';
import { recordCommand } from '../jobs/record-command.js';
import { RECORD_OPTIONS_HELP } from '../jobs/record-help.js';

/**
 * `ussynth ein`: synthetic EINs with valid IRS campus prefixes.
 * @example await einCommand.run(['--seed', '42', '--count', '5', '--format', 'ndjson'], io)
 */
export const einCommand: Command = recordCommand({
  name: 'ein',
  kind: 'ein',
  summary: 'Synthetic EINs (XX-XXXXXXX)',
  help: `Usage: ussynth ein [options]

Writes synthetic EINs ({"ein":"XX-XXXXXXX"}): records 0..N-1 of the EIN stream
of the seed, the library's einAt(0..N-1). JSON: without --count one object;
with --count an array.

Options:
${RECORD_OPTIONS_HELP}

Examples:
  ussynth ein
  ussynth ein --seed 42 --count 100000 --format csv --out eins.csv
`,
});
