/**
 * The options every record command shares, for its `--help`.
 * @example `${intro}\n\nOptions:\n${RECORD_OPTIONS_HELP}`
 */
export const RECORD_OPTIONS_HELP = `  --seed TEXT          Seed of the run; the same seed gives the same bytes. Without it
                       a seed is picked and printed to stderr as "seed: ..." for replay.
  --count N            Number of records, any size (streamed with bounded memory).
  --format F           json (default), ndjson, csv, sql or parquet (with --out).
  --dialect D          With --format sql: postgres (a COPY block), mysql or sqlite
                       types and quoting; default the portable SQL below.
  --table NAME         SQL table name (with --format sql or --to), or schema.table.
  --out FILE           Write to FILE instead of stdout: written to a temporary file
                       beside it and renamed when complete, so an interrupted run
                       (Ctrl-C, a full disk) leaves no partial file and exits non-zero.
  --jobs N             Generate on N worker threads (default 1; 2 for --to sqlite:
                       on 2 or more cores); the output is byte-identical whatever N.
  --remote URL         Fetch the records from the REST API at URL (its root, such
                       as https://api.example.com) with the key in USSYNTH_API_KEY;
                       the same bytes as a local run (see docs/cli.md for limits).
  --shard K/N          Write only the K-th (0-based) of N equal, contiguous ranges of
                       the run: the N outputs concatenated are the run's output
                       (parquet: part-0000K-of-0000N.parquet in the --out folder).
  --start S            Begin at record S of the run (resuming a --commit-every load).
  --to URL             Load a database table instead of writing: postgres://...,
                       mysql://... (MySQL, MariaDB) or sqlite:PATH. One transaction;
                       the table is created if missing (see docs/cli.md).
                       env:NAME or @FILE read the URL from a variable or a file,
                       keeping its password off the command line.
  --append             With --to: add the rows to an existing table.
  --truncate           With --to: replace the rows of an existing table.
  --commit-every N     With --to: commit every N records and print the --start
                       that resumes after each commit.
  --dry-run            With --to: print the DDL and the first rows; connect to nothing.
  -h, --help           This help.

Formats:
  json     one JSON document (see above)
  ndjson   one JSON object per line
  csv      a header line, then one line per record (RFC 4180 quoting, \\n line ends)
  sql      BEGIN; CREATE TABLE; INSERTs of up to 500 rows; COMMIT; loads into
           SQLite and PostgreSQL (every column TEXT NOT NULL, but lat and lon DOUBLE PRECISION;
           with --fields birthDate DATE, uuid UUID, index and vehicleYear BIGINT)

A progress bar (rate, ETA) is drawn on stderr when stderr is a terminal and the
run has at least 100,000 records (not when the records go to that terminal).
Exit status: 0 done, 2 bad input (or a table that does not fit, a missing
driver), 69 the API (--remote) or the database (--to) refused or could
not be reached, 70 generation failed, 74 the output could not be written (or
the load failed and was rolled back), 77 the database role lacks a privilege,
130/143 interrupted by SIGINT/SIGTERM.`;

/**
 * The `--fields` option's help, shared by the address commands.
 * @example `Options:\n${FIELDS_HELP}`
 */
export const FIELDS_HELP = `  --fields LIST        Only these columns, in this order: \`field\` or \`column=field\`
                       entries, comma-separated (id=uuid,first_name=firstName,email).
                       Fields: the eight above, the five of --geo, firstName,
                       lastName, sex, birthDate, line1, line2, stateFull,
                       phoneIntl, emailDomain, index, uuid, and the identifiers
                       ssn, routingNumber, bankAccount, cardNumber, cardBrand,
                       cardExpiry, cardCvc, npi, vin, vehicleYear, vehicleMake,
                       driversLicense, driversLicenseState (docs/generator.md,
                       "Fields"; docs/identifiers.md). SQL types birthDate DATE,
                       uuid UUID, index and vehicleYear BIGINT, lat and lon
                       DOUBLE PRECISION. Not with --geo.`;
