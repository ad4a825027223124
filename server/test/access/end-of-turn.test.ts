import { describe, expect, it } from 'vitest';
import { endOfTurn } from '../../src/access/end-of-turn.js';

describe('endOfTurn', () => {
  it('calls back after the current turn, every callback of the turn together and in order, with no error', async () => {
    const calls: string[] = [];
    endOfTurn((error) => calls.push(`a ${error}`));
    endOfTurn((error) => calls.push(`b ${error}`));
    // Not at once: the turn's other work (here, the rest of this function) comes first.
    expect(calls).toEqual([]);
    // One setImmediate for the turn: a setImmediate queued after them runs after all of them.
    const later = new Promise<void>((resolve) =>
      setImmediate(() => {
        calls.push('immediate queued after');
        resolve();
      }),
    );
    await later;
    expect(calls).toEqual(['a null', 'b null', 'immediate queued after']);
  });

  it('queues a callback made while the queue runs for the next turn, not this one', async () => {
    const calls: string[] = [];
    await new Promise<void>((resolve) => {
      endOfTurn(() => {
        calls.push('first');
        endOfTurn(() => {
          calls.push('second');
          resolve();
        });
        calls.push('first done');
      });
    });
    expect(calls).toEqual(['first', 'first done', 'second']);
  });
});
