import { UssynthApiError } from '../../client/index.js';
import { recordFormat } from '../../records/formats/formats.js';
import type { TextRecord } from '../../records/formats/record-format.js';
import { BufferRing } from '../../records/chunks/buffer-ring.js';
import type { Chunk } from '../../records/chunks/chunk-source.js';
import { columnKinds } from '../../records/formats/record-format.js';
import { jobColumns, jobKinds, type RecordJob } from '../../records/record-job.js';
import type { RemoteSource } from './remote-source.js';

/**
 * The API refused a `--remote` run or could not be reached; the message has
 * the problem's code, HTTP status and request id.
 * @example if (error instanceof RemoteFailed) throw new CliError(error.message, EXIT_REMOTE_FAILED)
 */
export class RemoteFailed extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'RemoteFailed';
  }
}

/** The records as the formats take them, checked: a field that is not text (a number for lat and lon) would be written as "undefined". */
function textRecords(
  records: readonly object[],
  columns: readonly string[],
  numeric: readonly boolean[],
  url: string,
): TextRecord[] {
  for (const record of records) {
    for (let c = 0; c < columns.length; c++) {
      const column = columns[c];
      const type = numeric[c] ? 'number' : 'string';
      if (typeof (record as Record<string, unknown>)[column] !== type)
        throw new RemoteFailed(
          `--remote ${url}: the API answered a record without a ${type === 'number' ? 'numeric' : 'text'} "${column}"`,
        );
    }
  }
  return records as TextRecord[];
}

async function* remoteRecords(
  job: RecordJob,
  remote: RemoteSource,
  signal: AbortSignal,
): AsyncGenerator<{ start: number; records: readonly object[] }> {
  const { client } = remote;
  const range = { seed: job.seed, count: job.count, signal };
  if (job.kind === 'address') {
    const fields = job.fields;
    if (fields !== undefined) {
      for await (const page of client.addressPages({
        ...range,
        state: job.state,
        fictional: job.fictionalPhones,
        fields,
      }))
        yield { start: page.start, records: page.addresses };
      return;
    }
    for await (const page of client.addressPages({
      ...range,
      state: job.state,
      fictional: job.fictionalPhones,
      geo: job.geo,
    }))
      yield { start: page.start, records: page.addresses };
  } else if (job.kind === 'ein') {
    for await (const page of client.einPages(range)) yield { start: page.start, records: page.eins };
  } else {
    for await (const page of client.phonePages({ ...range, state: job.state, fictional: job.fictionalPhones }))
      yield { start: page.start, records: page.phones };
  }
}

/**
 * The job's records fetched through the client from the API, rendered by the
 * same formats as local chunks, in order: the bytes are those of a local run
 * of the same seed and options. `signal` cancels the requests in flight.
 * @example for await (const chunk of remoteChunks(job, remote, interrupt.signal)) await sink.write(chunk.bytes)
 */
export async function* remoteChunks(job: RecordJob, remote: RemoteSource, signal: AbortSignal): AsyncGenerator<Chunk> {
  const columns = jobColumns(job);
  const layout = { columns, kinds: jobKinds(job), table: job.table, jsonShape: job.jsonShape };
  const numeric = columnKinds(layout).map((kind) => kind === 'integer' || kind === 'double');
  const format = recordFormat(job.format, layout);
  // The consumer writes chunk k while chunk k+1 is fetched: chunk k+2 may reuse chunk k's buffer.
  const buffers = new BufferRing(2);
  try {
    for await (const { start, records } of remoteRecords(job, remote, signal)) {
      yield {
        bytes: buffers.encode(format.body(textRecords(records, columns, numeric, remote.url), start, job.count)),
        records: records.length,
      };
    }
  } catch (error) {
    if (error instanceof UssynthApiError) throw new RemoteFailed(`--remote ${remote.url}: ${error.message}`);
    throw error;
  }
}
