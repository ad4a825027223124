import { createGenerator, UssynthError, type ZipLookupResult } from '../../index.js';
import { CliError, type Command, type CommandIo } from '../command.js';
import { parseOptions } from '../jobs/parse-options.js';
import { recordFormat } from '../../records/formats/formats.js';
import { FORMAT_NAMES, isFormatName, type TextRecord } from '../../records/formats/record-format.js';
import { tableNameProblem } from '../../records/formats/sql-format.js';
import { recordKind } from '../../records/kinds/registry.js';

/**
 * Exit status of a well-formed ZIP that is not a known ZIP code.
 * @example throw new CliError('ZIP 00000 is not a known ZIP code', EXIT_UNKNOWN_ZIP)
 */
export const EXIT_UNKNOWN_ZIP = 1;

const ZIP_KIND = recordKind('zip');
const ZIP_COLUMNS = ZIP_KIND.fields.map((field) => field.name);

/**
 * `ussynth zip 10001`: looks a ZIP up (state, full state name, city).
 * @example await zipCommand.run(['10001'], io) // prints {"zip":"10001","state":"NY",...}
 */
export const zipCommand: Command = {
  name: 'zip',
  summary: 'Look up a five-digit ZIP: its state and city',
  help: `Usage: ussynth zip ZIP [--format json|ndjson|csv|sql] [--table NAME]

Prints the state, the state's full name and the city of a five-digit ZIP code,
as {"zip":"10001","state":"NY","stateFull":"New York","city":"New York"}.
Military (AA, AE, AP) and freely associated state (FM, MH, PW) ZIPs are found too.

Options:
  --format F     json (default), ndjson, csv or sql (CREATE TABLE + INSERT).
  --table NAME   SQL table name (default zips).
  -h, --help     This help.

Exit status: 0 found; 1 a well-formed ZIP that is not a known ZIP code;
2 not five digits, or a bad option.

Examples:
  ussynth zip 10001
  ussynth zip 90210 --format csv
`,
  async run(args: string[], io: CommandIo): Promise<number> {
    const { values, positionals } = parseOptions(
      'zip',
      args,
      { format: { type: 'string' }, table: { type: 'string' } },
      true,
    );
    const format = (values.format as string | undefined) ?? 'json';
    if (!isFormatName(format))
      throw new CliError(`--format must be one of ${FORMAT_NAMES.join(', ')}, got ${JSON.stringify(format)}`);
    const table = (values.table as string | undefined) ?? ZIP_KIND.table;
    const problem = tableNameProblem(table);
    if (problem) throw new CliError(problem);
    if (values.table !== undefined && format !== 'sql') throw new CliError('--table applies to --format sql only');
    if (positionals.length !== 1)
      throw new CliError(`give exactly one ZIP, such as \`ussynth zip 10001\`; got ${positionals.length}`);
    const code = positionals[0];
    let found: ZipLookupResult | null;
    try {
      // A lookup does not depend on the seed; a fixed one saves picking a random one.
      found = createGenerator({ seed: 'zip-lookup' }).zip(code);
    } catch (error) {
      if (error instanceof UssynthError)
        throw new CliError(`ZIP must be exactly five digits, such as 10001; got ${JSON.stringify(code)}`);
      throw error;
    }
    if (found === null) throw new CliError(`ZIP ${code} is not a known ZIP code`, EXIT_UNKNOWN_ZIP);
    const writer = recordFormat(format, { columns: ZIP_COLUMNS, table, jsonShape: 'object' });
    io.stdout.write(writer.head(1) + writer.body([found as unknown as TextRecord], 0, 1) + writer.tail(1));
    return 0;
  },
};
