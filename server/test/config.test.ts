import { availableParallelism } from 'node:os';
import { describe, expect, it } from 'vitest';
import { defaultBatchThreads, loadConfig } from '../src/config.js';

describe('the /v1/batch worker threads', () => {
  it('default to none below 4 cores (they only compete with the event loop there) and to two from 4 cores up', () => {
    expect([1, 2, 3, 4, 8, 64].map((cores) => defaultBatchThreads(cores))).toEqual([0, 0, 0, 2, 2, 2]);
  });

  it('take the default for this machine unless USSYNTH_BATCH_THREADS says otherwise', () => {
    expect(loadConfig({ PORT: '0' }).batchThreads).toBe(availableParallelism() >= 4 ? 2 : 0);
    expect(loadConfig({ PORT: '0', USSYNTH_BATCH_THREADS: '3' }).batchThreads).toBe(3);
    expect(() => loadConfig({ PORT: '0', USSYNTH_BATCH_THREADS: 'two' })).toThrow(
      /USSYNTH_BATCH_THREADS must be a whole number from 0 to 16, got "two"/,
    );
  });
});
