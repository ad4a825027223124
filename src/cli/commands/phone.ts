import type { Command } from '../command.js';
import { recordCommand } from '../jobs/record-command.js';
import { RECORD_OPTIONS_HELP } from '../jobs/record-help.js';

/**
 * `ussynth phone`: synthetic phone numbers with real area codes.
 * @example await phoneCommand.run(['--seed', '42', '--state', 'NY', '--count', '5'], io)
 */
export const phoneCommand: Command = recordCommand({
  name: 'phone',
  kind: 'phone',
  summary: 'Synthetic phone numbers ((AAA) NNN-NNNN and +1 AAA-NNN-NNNN)',
  help: `Usage: ussynth phone [options]

Writes synthetic phone numbers ({"phone":"(AAA) NNN-NNNN","intl":"+1 AAA-NNN-NNNN"}):
records 0..N-1 of the phone stream of the seed and state, the library's
phoneAt(0..N-1, { state }). JSON: without --count one object; with --count an array.

Options:
  --state XX           Area codes of this state, DC or territory (any case); default:
                       a state drawn by population for each number.
  --fictional-phones   Numbers in the fictional range 555-0100..555-0199.
${RECORD_OPTIONS_HELP}

Examples:
  ussynth phone --state NY
  ussynth phone --seed 42 --count 1000 --fictional-phones --format csv
`,
});
