import type { LoadChunk } from '../load/database-loader.js';

/**
 * The chunks of a run's tables, made in load order as far ahead of their sending as `budget` chunks allow: while
 * the server copies one table's rows or builds its keys, the client is already making the next tables' rows, where
 * it used to wait for the server (docs/benchmarks.md, "Seed load"). One maker at a time, table after table, each
 * started once `ready(index)` resolves (a table whose references take keys the database filled waits for them).
 * A maker's failure is thrown to whoever takes that table's chunks; `halt()` stops the making.
 * @example const ahead = new ChunksAhead([() => chunksOf('orders')], 50); await loader.bulk('orders', columns, ahead.table(0))
 */
export class ChunksAhead {
  private readonly queues: LoadChunk[][];
  private readonly finished: boolean[];
  private readonly failures: { error: unknown }[] = [];
  /** Chunks made and not yet taken, over every table. */
  private held = 0;
  private halted = false;
  private waiters: (() => void)[] = [];
  private readonly making: Promise<void>;
  private stopped!: () => void;
  /** Resolves at halt(): a maker waiting for its table to be ready stops waiting. */
  private readonly stopping = new Promise<void>((resolve) => (this.stopped = resolve));

  constructor(
    makers: readonly (() => AsyncGenerator<LoadChunk>)[],
    private readonly budget: number,
    ready: (index: number) => Promise<void> = async () => undefined,
  ) {
    this.queues = makers.map(() => []);
    this.finished = makers.map(() => false);
    this.making = this.make(makers, ready);
  }

  /** Table `index`'s chunks in order, as they are made; throws its maker's failure. */
  async *table(index: number): AsyncGenerator<LoadChunk> {
    const queue = this.queues[index];
    for (;;) {
      const chunk = queue.shift();
      if (chunk !== undefined) {
        this.held--;
        this.changed();
        yield chunk;
        continue;
      }
      const failure = this.failures[index];
      if (failure !== undefined) throw failure.error;
      if (this.finished[index]) return;
      await this.change();
    }
  }

  /** Stops making chunks; resolves once the maker at work has stopped. */
  async halt(): Promise<void> {
    this.halted = true;
    this.stopped();
    this.changed();
    await this.making;
  }

  private async make(makers: readonly (() => AsyncGenerator<LoadChunk>)[], ready: (index: number) => Promise<void>) {
    for (let index = 0; index < makers.length && !this.halted; index++) {
      try {
        await Promise.race([ready(index), this.stopping]);
        if (this.halted) return;
        const chunks = makers[index]();
        try {
          for (;;) {
            // Room first: no chunk is made beyond the budget.
            while (this.held >= this.budget && !this.halted) await this.change();
            if (this.halted) return;
            const next = await chunks.next();
            if (next.done === true) break;
            this.queues[index].push(next.value);
            this.held++;
            this.changed();
          }
        } finally {
          await chunks.return(undefined);
        }
        this.finished[index] = true;
      } catch (error) {
        // Its table's taker throws it; the tables after it are not made.
        this.failures[index] = { error };
        for (let later = index + 1; later < makers.length; later++) this.failures[later] = { error };
        return;
      } finally {
        this.changed();
      }
    }
  }

  private change(): Promise<void> {
    return new Promise((resolve) => this.waiters.push(resolve));
  }

  private changed(): void {
    const waiters = this.waiters;
    this.waiters = [];
    for (const wake of waiters) wake();
  }
}
