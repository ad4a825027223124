import { describe, expect, it } from 'vitest';
import { durableDebit } from '../../src/access/durable-debit.js';
import type { WhenDurable } from '../../src/store/store.js';

describe('durableDebit', () => {
  it('settles a debit durable already at the end of this turn, with the debit itself', async () => {
    const debit = { granted: true, used: 3, whenDurable: undefined };
    const order: string[] = [];
    const settled = durableDebit(debit).then((value) => {
      order.push('durable');
      return value;
    });
    // Not at once: a microtask queued after it runs first, the end of the turn (setImmediate) after that.
    await Promise.resolve().then(() => order.push('microtask'));
    expect(order).toEqual(['microtask']);
    expect(await settled).toBe(debit);
    expect(order).toEqual(['microtask', 'durable']);
  });

  it("waits for the debit's own whenDurable, and rejects with its error when the write failed", async () => {
    let callBack: ((error: Error | null) => void) | undefined;
    const whenDurable: WhenDurable = (callback) => (callBack = callback);
    const debit = { granted: true, used: 1, whenDurable };
    let settled = false;
    const durable = durableDebit(debit).then((value) => {
      settled = true;
      return value;
    });
    await new Promise((resolve) => setImmediate(resolve));
    expect(settled).toBe(false);
    callBack!(null);
    expect(await durable).toBe(debit);

    const failed = durableDebit({ granted: true, used: 2, whenDurable });
    callBack!(new Error('journal write failed: ENOSPC'));
    await expect(failed).rejects.toThrow('journal write failed: ENOSPC');
  });
});
