/**
 * The options every record command shares, for its `--help`.
 * @example `${intro}\n\nOptions:\n${RECORD_OPTIONS_HELP}`
 */
export const RECORD_OPTIONS_HELP = `  --seed TEXT          Seed of the run; the same seed gives the same bytes. Without it
                       a seed is picked and printed to stderr as "seed: ..." for replay.
  --count N            Number of records, any size (streamed with bounded memory).
  --format F           json (default), ndjson, csv or sql.
  --table NAME         SQL table name (with --format sql).
  --out FILE           Write to FILE instead of stdout: written to a temporary file
                       beside it and renamed when complete, so an interrupted run
                       (Ctrl-C, a full disk) leaves no partial file and exits non-zero.
  --jobs N             Generate on N worker threads (default 1); the output is
                       byte-identical whatever N.
  --remote URL         Fetch the records from the REST API at URL (its root, such
                       as https://api.example.com) with the key in USSYNTH_API_KEY;
                       the same bytes as a local run (see docs/cli.md for limits).
  -h, --help           This help.

Formats:
  json     one JSON document (see above)
  ndjson   one JSON object per line
  csv      a header line, then one line per record (RFC 4180 quoting, \\n line ends)
  sql      BEGIN; CREATE TABLE; INSERTs of up to 500 rows; COMMIT; loads into
           SQLite and PostgreSQL (every column TEXT NOT NULL, but lat and lon DOUBLE PRECISION;
           with --fields birthDate DATE, uuid UUID, index BIGINT)

A progress bar (rate, ETA) is drawn on stderr when stderr is a terminal and the
run has at least 100,000 records (not when the records go to that terminal).
Exit status: 0 done, 2 bad input, 70 generation failed, 74 the output could
not be written, 130/143 interrupted by SIGINT/SIGTERM.`;
