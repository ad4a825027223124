import type { WhenDurable } from '../store/store.js';
import { endOfTurn } from './end-of-turn.js';

/**
 * A granted debit (a store's `UsageDebit` or the quota's decision) as a
 * promise that settles once the debit is durable: on its `whenDurable` (the
 * embedded ledger's journal write, rejecting with the write's error, the
 * debit then undone), or, for a debit durable already, at the end of this
 * event-loop turn (`endOfTurn`), so that a turn's answers are written
 * together whichever store made them.
 * @example const { granted } = await durableDebit(await store.debitUsage(7, '2026-11', 1, 100));
 */
export function durableDebit<T extends { whenDurable: WhenDurable | undefined }>(debit: T): Promise<T> {
  const whenDurable = debit.whenDurable ?? endOfTurn;
  return new Promise((resolve, reject) => whenDurable((error) => (error === null ? resolve(debit) : reject(error))));
}
