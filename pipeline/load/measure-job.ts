import { MessageChannel, receiveMessageOnPort, Worker, type MessagePort } from 'node:worker_threads';
import type { Compilation } from '../compile.js';
import { SourceError } from '../source-error.js';
import { SourceReport } from '../source-report.js';
import type { CompiledFirstNames } from '../sources/first-names/compiled.js';
import type { CompiledSurnames } from '../sources/surnames/compiled.js';
import type { StageTime } from '../stage-times.js';
import type { RealismData } from './realism.js';

/** What the measure worker is handed (copied to it): the compiled data the measures read, the built main index and the parts of the compilation they read. */
export interface MeasureInput {
  data: RealismData;
  index: Uint8Array;
  compilation: Pick<
    Compilation,
    'apostrophes' | 'adults' | 'mostlyHispanicSurnames' | 'mostlyAsianSurnames' | 'surnameGroupSets'
  >;
}

/** What it gives back: the manifest's `realism` and the birth index's bytes. */
export interface MeasureOutput {
  realism: Record<string, unknown>;
  births: Uint8Array;
  /** The worker's stages, timed on its thread (bench:data prints them). */
  stages: StageTime[];
}

/** The worker's messages, in order: the surnames, the first names, then the output; or, at any point, what failed (a source's error is rebuilt as a SourceError). */
export type MeasureMessage =
  | { surnames: CompiledSurnames }
  | { firstNames: CompiledFirstNames }
  | { output: MeasureOutput }
  | { error: string; sourceError?: { file: string; line: number | null; detail: string } };

/** How long the build waits for the worker before it gives up (a loaded CI machine takes about 10 s). */
const WAIT_MS = 15 * 60_000;

/**
 * The build's second thread: it compiles the surnames and the first names
 * (the largest source) while the main thread compiles the others, then computes the
 * realism measures and the birth index while the build writes the SQLite
 * file and the geo index (the two need only the main index, part of the
 * compiled data and the first names, and are deterministic, so the outputs
 * are the same bytes as on one thread). The build stays synchronous:
 * `firstNames()` and `result()` block until the worker has answered.
 * @example const job = new MeasureJob(datasetsDir); compile(datasetsDir, { surnames: () => job.surnames(), firstNames: () => job.firstNames() }); job.start(input); ...; const { realism, births } = job.result();
 */
export class MeasureJob {
  readonly #port: MessagePort;
  /** How many messages the worker has posted (it counts up and notifies after each). */
  readonly #posted = new Int32Array(new SharedArrayBuffer(4));
  readonly #worker: Worker;
  #received = 0;
  #closed = false;

  /** Starts the worker: it loads its modules, compiles the first names of `datasetsDir` and builds the birth index while the caller carries on. */
  constructor(datasetsDir: string) {
    const { port1, port2 } = new MessageChannel();
    this.#port = port1;
    // The pipeline is TypeScript run with tsx (npm run data:build, ussynth data build); the worker loads it the same way.
    this.#worker = new Worker(new URL('./measure-worker.ts', import.meta.url), {
      execArgv: ['--import', 'tsx'],
      workerData: { port: port2, posted: this.#posted, datasetsDir },
      transferList: [port2],
    });
  }

  /** The surnames as the worker compiled them; throws what the worker threw (a SourceError for a bad source). Before `firstNames()`. */
  surnames(): CompiledSurnames {
    const { surnames } = this.#take('surnames');
    return { ...surnames, reports: surnames.reports.map((report) => SourceReport.from(report)) };
  }

  /** The first names as the worker compiled them; throws what the worker threw (a SourceError for a bad source). */
  firstNames(): CompiledFirstNames {
    const { firstNames } = this.#take('firstNames');
    return { ...firstNames, reports: firstNames.reports.map((report) => SourceReport.from(report)) };
  }

  /** Hands the worker its input. */
  start(input: MeasureInput): void {
    this.#port.postMessage(input);
  }

  /** Waits for the worker's answer (after `start`); throws what the worker threw. Sources not asked for (a caller that compiled its own) are passed over. */
  result(): MeasureOutput {
    try {
      return this.#take('output').output;
    } finally {
      this.close();
    }
  }

  /** Stops the worker (after `result()`, or when the build fails before asking for it). */
  close(): void {
    if (this.#closed) return;
    this.#closed = true;
    this.#port.close();
    void this.#worker.terminate();
  }

  /** The worker's next message of that kind, the ones before it passed over (the worker posts each kind once, in order). */
  #take<K extends 'surnames' | 'firstNames' | 'output'>(kind: K): Extract<MeasureMessage, Record<K, unknown>> {
    for (;;) {
      const message = this.#next();
      if (kind in message) return message as Extract<MeasureMessage, Record<K, unknown>>;
    }
  }

  /** The worker's next message, waited for; its failure thrown. */
  #next(): Exclude<MeasureMessage, { error: string }> {
    if (Atomics.wait(this.#posted, 0, this.#received, WAIT_MS) === 'timed-out')
      throw new Error(`the measure worker did not answer in ${WAIT_MS / 60_000} minutes`);
    const message = receiveMessageOnPort(this.#port)?.message as MeasureMessage | undefined;
    this.#received++;
    if (message === undefined) throw new Error('the measure worker failed: no answer');
    if ('error' in message) {
      if (message.sourceError)
        throw new SourceError(message.sourceError.file, message.sourceError.line, message.sourceError.detail);
      throw new Error(`the measure worker failed: ${message.error}`);
    }
    return message;
  }
}
