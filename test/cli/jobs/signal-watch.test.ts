import { afterEach, describe, expect, it } from 'vitest';
import { SignalWatch } from '../../../src/cli/jobs/signal-watch.js';

// Node calls a signal's listeners with the signal's name; emitting it runs the same listeners without killing the test process.
const deliver = (signal: NodeJS.Signals): boolean => process.emit(signal as 'SIGINT', signal);

describe('SignalWatch', () => {
  let watch: SignalWatch | undefined;
  afterEach(() => watch?.stop());

  it('aborts its signal on the first SIGINT and reports exit status 130', () => {
    watch = new SignalWatch();
    expect(watch.signal.aborted).toBe(false);
    expect(watch.received).toBeUndefined();
    deliver('SIGINT');
    expect(watch.signal.aborted).toBe(true);
    expect((watch.signal.reason as Error).message).toBe('interrupted by SIGINT');
    expect(watch.received).toBe('SIGINT');
    expect(watch.exitStatus()).toBe(130);
  });

  it('keeps the first signal: SIGTERM then SIGINT exits 143', () => {
    watch = new SignalWatch((signal) => new RangeError(signal));
    deliver('SIGTERM');
    deliver('SIGINT');
    expect(watch.received).toBe('SIGTERM');
    expect(watch.exitStatus()).toBe(143);
    expect(watch.signal.reason).toBeInstanceOf(RangeError);
    expect((watch.signal.reason as Error).message).toBe('SIGTERM');
  });

  it('gives the signals back when stopped', () => {
    const before = [process.listenerCount('SIGINT'), process.listenerCount('SIGTERM')];
    const stopped = new SignalWatch();
    expect([process.listenerCount('SIGINT'), process.listenerCount('SIGTERM')]).toEqual([before[0] + 1, before[1] + 1]);
    stopped.stop();
    expect([process.listenerCount('SIGINT'), process.listenerCount('SIGTERM')]).toEqual(before);
  });
});
