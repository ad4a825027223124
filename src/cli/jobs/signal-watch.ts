// 128 + the signal number, as shells report a process killed by it.
const EXIT_OF_SIGNAL: Readonly<Record<string, number>> = { SIGINT: 130, SIGTERM: 143 };

/**
 * Watches SIGINT and SIGTERM for the length of one run, so the run can roll
 * back or remove its partial files instead of dying half-way: the first signal
 * is kept for the exit status and aborts `signal` with `reasonOf(signal)`;
 * `stop()` gives the signals back to Node's defaults.
 * @example const watch = new SignalWatch(); try { await load(watch.signal) } finally { watch.stop() }
 */
export class SignalWatch {
  readonly #controller = new AbortController();
  readonly #reasonOf: (signal: NodeJS.Signals) => unknown;
  #received: NodeJS.Signals | undefined;
  readonly #onSignal = (signal: NodeJS.Signals): void => {
    this.#received ??= signal;
    this.#controller.abort(this.#reasonOf(signal));
  };

  /**
   * Starts watching; `reasonOf` makes the abort reason (an Error naming the signal by default).
   * @example new SignalWatch((signal) => new Interrupted(signal))
   */
  constructor(reasonOf: (signal: NodeJS.Signals) => unknown = (signal) => new Error(`interrupted by ${signal}`)) {
    this.#reasonOf = reasonOf;
    process.on('SIGINT', this.#onSignal);
    process.on('SIGTERM', this.#onSignal);
  }

  /**
   * Aborted by the first SIGINT or SIGTERM.
   * @example await pipeline(source, sink, { signal: watch.signal })
   */
  get signal(): AbortSignal {
    return this.#controller.signal;
  }

  /**
   * The first signal received, or undefined while none has been.
   * @example if (watch.received) throw new Interrupted()
   */
  get received(): NodeJS.Signals | undefined {
    return this.#received;
  }

  /**
   * The exit status a shell reports for the signal received (130 for SIGINT, 143 for SIGTERM; 130 when none was).
   * @example return watch.exitStatus() // 130
   */
  exitStatus(): number {
    return EXIT_OF_SIGNAL[this.#received ?? 'SIGINT'] ?? 1;
  }

  /**
   * Stops watching: the signals kill the process again.
   * @example watch.stop()
   */
  stop(): void {
    process.off('SIGINT', this.#onSignal);
    process.off('SIGTERM', this.#onSignal);
  }
}
