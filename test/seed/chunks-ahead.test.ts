import { setImmediate as nextTurn } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import type { LoadChunk } from '../../src/load/database-loader.js';
import { ChunksAhead } from '../../src/seed/chunks-ahead.js';

/** A maker of `count` chunks named `table:n`, logging each one made, a turn of the event loop before each. */
function maker(table: string, count: number, log: string[], failAt?: number) {
  return async function* (): AsyncGenerator<LoadChunk> {
    for (let n = 0; n < count; n++) {
      await nextTurn();
      if (n === failAt) throw new Error(`${table} failed at ${n}`);
      log.push(`made ${table}:${n}`);
      yield { records: n, rows: [{ name: `${table}:${n}` }] };
    }
  };
}

async function take(chunks: AsyncIterable<LoadChunk>, log?: string[]): Promise<string[]> {
  const names: string[] = [];
  for await (const chunk of chunks) {
    const name = String(chunk.rows![0].name);
    names.push(name);
    log?.push(`took ${name}`);
  }
  return names;
}

/** Lets the maker run for a while. */
async function turns(count: number): Promise<void> {
  for (let i = 0; i < count; i++) await nextTurn();
}

describe("ChunksAhead: the chunks of a seed's tables, made ahead of their sending", () => {
  it("gives each table's chunks, all of them, in order", async () => {
    const log: string[] = [];
    const ahead = new ChunksAhead([maker('a', 5, log), maker('b', 0, log), maker('c', 3, log)], 2);
    expect(await take(ahead.table(0))).toEqual(['a:0', 'a:1', 'a:2', 'a:3', 'a:4']);
    expect(await take(ahead.table(1))).toEqual([]);
    expect(await take(ahead.table(2))).toEqual(['c:0', 'c:1', 'c:2']);
    await ahead.halt();
  });

  it('makes the next table while the last one is still being sent, never more than the budget ahead', async () => {
    const log: string[] = [];
    const ahead = new ChunksAhead([maker('a', 2, log), maker('b', 6, log)], 4);
    // Nothing is taken: the maker finishes a and goes on to b until 4 chunks wait.
    await turns(50);
    expect(log).toEqual(['made a:0', 'made a:1', 'made b:0', 'made b:1']);
    // Each chunk taken makes room for one more.
    expect(await take(ahead.table(0), log)).toEqual(['a:0', 'a:1']);
    await turns(50);
    expect(log.slice(4)).toEqual(['took a:0', 'took a:1', 'made b:2', 'made b:3']);
    expect(await take(ahead.table(1))).toEqual(['b:0', 'b:1', 'b:2', 'b:3', 'b:4', 'b:5']);
    await ahead.halt();
  });

  it('starts a table only once ready(index) resolves', async () => {
    const log: string[] = [];
    let open!: () => void;
    const gate = new Promise<void>((resolve) => (open = resolve));
    const ahead = new ChunksAhead([maker('a', 1, log), maker('b', 1, log)], 10, (index) =>
      index === 1 ? gate : Promise.resolve(),
    );
    await turns(20);
    expect(log).toEqual(['made a:0']);
    open();
    expect(await take(ahead.table(1))).toEqual(['b:0']);
    expect(await take(ahead.table(0))).toEqual(['a:0']);
    await ahead.halt();
  });

  it("throws a maker's failure to its table's taker after the chunks made before it, and to the tables after", async () => {
    const log: string[] = [];
    const ahead = new ChunksAhead([maker('a', 2, log), maker('b', 4, log, 2), maker('c', 2, log)], 10);
    expect(await take(ahead.table(0))).toEqual(['a:0', 'a:1']);
    const taken: string[] = [];
    await expect(take(ahead.table(1), taken)).rejects.toThrow('b failed at 2');
    expect(taken).toEqual(['took b:0', 'took b:1']);
    await expect(take(ahead.table(2))).rejects.toThrow('b failed at 2');
    expect(log).not.toContain('made c:0');
    await ahead.halt();
  });

  it('halt() stops the making: while it waits for room, and while a table waits to be ready', async () => {
    const log: string[] = [];
    const full = new ChunksAhead([maker('a', 100, log)], 3);
    await turns(20);
    expect(log).toHaveLength(3);
    await full.halt();
    await turns(20);
    expect(log).toHaveLength(3);

    const never = new Promise<void>(() => undefined);
    const waiting = new ChunksAhead([maker('a', 1, log), maker('b', 1, log)], 10, (index) =>
      index === 1 ? never : Promise.resolve(),
    );
    await turns(20);
    await waiting.halt();
    expect(log.filter((line) => line.startsWith('made b'))).toEqual([]);
  });
});
