import { CliError, type CommandIo } from '../command.js';
import { ClosedPipeError, openSink, type OutputSink } from '../output/output-sink.js';
import { ProgressBar } from '../output/progress-bar.js';
import { recordChunks } from '../../records/chunks/chunk-source.js';
import type { RecordRun } from './record-run.js';
import { jobFrame, jobRange } from '../../records/record-job.js';
import { RemoteFailed, remoteChunks } from './remote-chunks.js';
import { remoteQuotaProblem } from './remote-quota.js';
import { SignalWatch } from './signal-watch.js';

/**
 * Exit status for an output that could not be written (sysexits EX_IOERR).
 * @example throw new CliError('cannot write out.csv: ENOSPC', EXIT_WRITE_FAILED)
 */
export const EXIT_WRITE_FAILED = 74;

/**
 * Exit status when generation itself failed, e.g. a worker thread died (sysexits EX_SOFTWARE).
 * @example throw new CliError('generation failed: worker exited', EXIT_GENERATION_FAILED)
 */
export const EXIT_GENERATION_FAILED = 70;

/**
 * Exit status when `--remote`'s API refused the run or could not be reached (sysexits EX_UNAVAILABLE).
 * @example throw new CliError('--remote https://api.example.com: ... (quota_exceeded, HTTP 429, request …)', EXIT_REMOTE_FAILED)
 */
export const EXIT_REMOTE_FAILED = 69;

class GenerationFailed extends Error {
  constructor(cause: unknown) {
    super(`generation failed: ${cause instanceof Error ? cause.message : String(cause)}`);
  }
}

class Interrupted extends Error {
  constructor(signal: string) {
    super(`interrupted by ${signal}`);
  }
}

/** Resolves with `promise` or rejects with Interrupted as soon as the run is interrupted. */
function unlessInterrupted<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(signal.reason as Error);
  return new Promise<T>((resolve, reject) => {
    const onAbort = (): void => reject(signal.reason as Error);
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(
      (value) => {
        signal.removeEventListener('abort', onAbort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(error);
      },
    );
  });
}

/**
 * Runs a parsed record command: tells a picked seed on stderr, streams the
 * chunks (generated, or fetched from `--remote`'s API) to stdout or an atomic
 * `--out` file with back-pressure, draws the progress bar on a terminal, and
 * on SIGINT/SIGTERM, a write error or an API failure discards the partial
 * output and returns a non-zero status.
 * @example process.exitCode = await runRecordJob(parseRecordRun(spec, args, io.env), io)
 */
export async function runRecordJob(run: RecordRun, io: CommandIo): Promise<number> {
  const { job } = run;
  if (run.seedPicked) io.stderr.write(`seed: ${job.seed}\n`);
  const watch = new SignalWatch((signal) => new Interrupted(signal));
  // A file-size limit (ulimit -f) would kill the process by SIGXFSZ and leave the temporary file; handled, the write fails with EFBIG instead.
  const ignore = (): void => undefined;
  process.on('SIGXFSZ', ignore);
  let sink: OutputSink | undefined;
  // No bar when the records themselves go to the same terminal: it would tear through them.
  const drawOn = {
    write: (text: string) => io.stderr.write(text),
    isTTY: io.stderr.isTTY === true && !(run.out === undefined && io.stdout.isTTY === true),
  };
  const { first, end } = jobRange(job);
  const progress = new ProgressBar(drawOn, end - first, performance.now());
  try {
    // Before anything is written: a run the account's quota cannot finish is refused whole, with the figures.
    if (run.remote) {
      const problem = await unlessInterrupted(remoteQuotaProblem(run.remote, job.count, watch.signal), watch.signal);
      if (problem !== null) throw new CliError(problem, EXIT_REMOTE_FAILED);
    }
    sink = await openSink(run.out, io.stdout).catch((error: NodeJS.ErrnoException) => {
      throw new CliError(`cannot create --out ${run.out}: ${error.message}`, EXIT_WRITE_FAILED);
    });
    const frame = jobFrame(job);
    let done = 0;
    const chunks = run.remote ? remoteChunks(job, run.remote, watch.signal) : recordChunks(job, run.threads);
    // The head goes out with the first chunk, so an API that refuses the first page leaves stdout empty.
    let headWritten = false;
    // One write in flight while the next chunk renders: the disk and the generators overlap.
    let writing: { promise: Promise<void>; records: number } | undefined;
    const finishWrite = async (): Promise<void> => {
      if (!writing) return;
      const { promise, records } = writing;
      writing = undefined;
      await unlessInterrupted(promise, watch.signal);
      done += records;
      progress.update(done);
    };
    try {
      for (;;) {
        const next = await unlessInterrupted(
          chunks.next().catch((error: unknown) => {
            throw error instanceof RemoteFailed ? error : new GenerationFailed(error);
          }),
          watch.signal,
        );
        if (!headWritten) {
          await unlessInterrupted(sink.write(Buffer.from(frame.head, 'utf8')), watch.signal);
          headWritten = true;
        }
        await finishWrite();
        if (next.done) break;
        const promise = sink.write(next.value.bytes);
        // Observed by finishWrite; this keeps an early failure from counting as unhandled meanwhile.
        promise.catch(() => undefined);
        writing = { promise, records: next.value.records };
      }
    } finally {
      // Never leave a write running into the abort that follows an error.
      await writing?.promise.catch(() => undefined);
      await chunks.return(undefined);
    }
    await unlessInterrupted(sink.write(Buffer.from(frame.tail, 'utf8')), watch.signal);
    await sink.commit();
    return 0;
  } catch (error) {
    progress.finish();
    await sink?.abort();
    if (error instanceof Interrupted) {
      io.stderr.write(`ussynth: ${error.message}${run.out === undefined ? '' : `; removed the partial ${run.out}`}\n`);
      return watch.exitStatus();
    }
    if (error instanceof ClosedPipeError) return 0;
    if (error instanceof CliError) throw error;
    const nothingLeft = run.out === undefined ? '' : '; no file was written';
    if (error instanceof GenerationFailed) throw new CliError(`${error.message}${nothingLeft}`, EXIT_GENERATION_FAILED);
    if (error instanceof RemoteFailed) throw new CliError(`${error.message}${nothingLeft}`, EXIT_REMOTE_FAILED);
    const message = error instanceof Error ? error.message : String(error);
    throw new CliError(
      `cannot write ${sink?.name ?? run.out ?? 'stdout'}: ${message}${nothingLeft}`,
      EXIT_WRITE_FAILED,
    );
  } finally {
    progress.finish();
    watch.stop();
    process.off('SIGXFSZ', ignore);
  }
}
