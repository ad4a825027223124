import { describe, expect, it } from 'vitest';
import { PROGRESS_MIN_RECORDS, ProgressBar, renderProgress } from '../../../src/cli/output/progress-bar.js';

class Terminal {
  text = '';
  constructor(readonly isTTY: boolean) {}
  write(chunk: string): boolean {
    this.text += chunk;
    return true;
  }
}

describe('renderProgress', () => {
  it('shows bar, percentage, counts, rate and ETA', () => {
    expect(renderProgress({ done: 500, total: 1000, elapsedMs: 1000 }, 10)).toBe(
      '[#####.....]  50.0%  500/1000  500/s  ETA 0:01',
    );
    expect(renderProgress({ done: 2_500_000, total: 10_000_000, elapsedMs: 2500 }, 4)).toBe(
      '[#...]  25.0%  2500000/10000000  1.00M/s  ETA 0:08',
    );
    expect(renderProgress({ done: 12_000, total: 10_012_000, elapsedMs: 1000 }, 4)).toBe(
      '[....]   0.1%  12000/10012000  12.0k/s  ETA 13:53',
    );
    expect(renderProgress({ done: 1, total: 1_000_000, elapsedMs: 1000 }, 4)).toMatch(/ETA 277:46:39$/);
  });

  it('has no rate or ETA before any time has passed', () => {
    expect(renderProgress({ done: 0, total: 10, elapsedMs: 0 }, 4)).toBe('[....]   0.0%  0/10  0/s  ETA ?');
  });
});

describe('ProgressBar', () => {
  it('draws on a terminal for a long run, at most every 100 ms, and clears the line', () => {
    const terminal = new Terminal(true);
    const bar = new ProgressBar(terminal, PROGRESS_MIN_RECORDS, 0);
    bar.update(10, 1000);
    bar.update(20, 1050);
    bar.update(30, 1200);
    expect(terminal.text.match(/\r\[/g)).toHaveLength(2);
    bar.finish();
    expect(terminal.text.endsWith('\r\x1b[K')).toBe(true);
  });

  it('draws nothing when not a terminal, or for a short run', () => {
    for (const [terminal, total] of [
      [new Terminal(false), 10_000_000],
      [new Terminal(true), PROGRESS_MIN_RECORDS - 1],
    ] as const) {
      const bar = new ProgressBar(terminal, total, 0);
      bar.update(5, 5000);
      bar.finish();
      expect(terminal.text).toBe('');
    }
  });
});
