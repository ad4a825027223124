import { MessageChannel, receiveMessageOnPort, Worker, type MessagePort } from 'node:worker_threads';
import type { Compilation } from '../compile.js';
import type { RealismData } from './realism.js';

/** What the measure worker is handed (copied to it): the compiled data the measures read, the built main index and the parts of the compilation they read. */
export interface MeasureInput {
  data: RealismData;
  index: Uint8Array;
  compilation: Pick<Compilation, 'apostrophes' | 'adults' | 'mostlyHispanicSurnames' | 'mostlyAsianSurnames' | 'surnameGroupSets'>;
}

/** What it gives back: the manifest's `realism` and the birth index's bytes. */
export interface MeasureOutput {
  realism: Record<string, unknown>;
  births: Uint8Array;
}

/** How long the build waits for the worker before it gives up (a loaded CI machine takes about 10 s). */
const WAIT_MS = 15 * 60_000;

/**
 * The realism measures and the birth index, computed on a worker thread
 * while the build writes the SQLite file and the geo index (the two need
 * only the main index, part of the compiled data and the first names, and
 * are deterministic, so the outputs are the same bytes as on one thread). The build stays
 * synchronous: `result()` blocks until the worker has answered.
 * @example const job = new MeasureJob(datasetsDir); job.start(input); ...; const { realism, births } = job.result();
 */
export class MeasureJob {
  readonly #port: MessagePort;
  readonly #done = new Int32Array(new SharedArrayBuffer(4));
  readonly #worker: Worker;
  #closed = false;

  /** Starts the worker: it loads its modules, reads the first names of `datasetsDir` and builds the birth index while the caller carries on. */
  constructor(datasetsDir: string) {
    const { port1, port2 } = new MessageChannel();
    this.#port = port1;
    // The pipeline is TypeScript run with tsx (npm run data:build, ussynth data build); the worker loads it the same way.
    this.#worker = new Worker(new URL('./measure-worker.ts', import.meta.url), {
      execArgv: ['--import', 'tsx'],
      workerData: { port: port2, done: this.#done, datasetsDir },
      transferList: [port2],
    });
  }

  /** Hands the worker its input. */
  start(input: MeasureInput): void {
    this.#port.postMessage(input);
  }

  /** Waits for the worker's answer; throws what the worker threw. */
  result(): MeasureOutput {
    try {
      if (Atomics.wait(this.#done, 0, 0, WAIT_MS) === 'timed-out') throw new Error(`the measure worker did not answer in ${WAIT_MS / 60_000} minutes`);
      const message = receiveMessageOnPort(this.#port)?.message as { output?: MeasureOutput; error?: string } | undefined;
      if (!message?.output) throw new Error(`the measure worker failed: ${message?.error ?? 'no answer'}`);
      return message.output;
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
}
