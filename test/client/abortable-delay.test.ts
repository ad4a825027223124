import { describe, expect, it } from 'vitest';
import { abortableDelay } from '../../src/client/abortable-delay.js';

describe('abortableDelay', () => {
  it('resolves after the delay', async () => {
    const started = performance.now();
    await abortableDelay(50, undefined);
    expect(performance.now() - started).toBeGreaterThanOrEqual(45);
  });

  it('rejects with the reason as soon as the signal aborts, without sitting out the delay', async () => {
    const controller = new AbortController();
    const started = performance.now();
    const waiting = abortableDelay(10_000, controller.signal);
    setTimeout(() => controller.abort(new Error('stop')), 20);
    await expect(waiting).rejects.toThrow('stop');
    expect(performance.now() - started).toBeLessThan(1000);
  });

  it('rejects at once for a signal aborted before', async () => {
    await expect(abortableDelay(10_000, AbortSignal.abort())).rejects.toMatchObject({ name: 'AbortError' });
  });
});
