/**
 * Where a run is, for the progress line.
 * @example renderProgress({ done: 10, total: 100, elapsedMs: 500 })
 */
export interface ProgressState {
  /** Records written so far. */
  done: number;
  /** Records of the whole run. */
  total: number;
  /** Milliseconds since the run started. */
  elapsedMs: number;
}

/**
 * Runs of at least this many records show a progress bar (on a terminal).
 * @example new ProgressBar(process.stderr, PROGRESS_MIN_RECORDS, 0) // draws on a terminal
 */
export const PROGRESS_MIN_RECORDS = 100_000;

// Redraws at most this often; a redraw per chunk would flood slow terminals.
const REDRAW_MS = 100;

function duration(seconds: number): string {
  const s = Math.max(0, Math.round(seconds));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const rest = String(s % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${rest}` : `${m}:${rest}`;
}

function rate(perSecond: number): string {
  if (perSecond >= 1e6) return `${(perSecond / 1e6).toFixed(2)}M/s`;
  if (perSecond >= 1e3) return `${(perSecond / 1e3).toFixed(1)}k/s`;
  return `${Math.round(perSecond)}/s`;
}

/**
 * One progress line (no line break): bar, percentage, counts, rate and ETA.
 * @example renderProgress({ done: 500, total: 1000, elapsedMs: 1000 }, 20) // "[#####.....]  50.0%  500/1000  500/s  ETA 0:01"
 */
export function renderProgress(state: ProgressState, barWidth = 24): string {
  const fraction = state.total > 0 ? Math.min(1, state.done / state.total) : 1;
  const filled = Math.floor(fraction * barWidth);
  const bar = '#'.repeat(filled) + '.'.repeat(barWidth - filled);
  const perSecond = state.elapsedMs > 0 ? (state.done * 1000) / state.elapsedMs : 0;
  const eta = perSecond > 0 ? duration((state.total - state.done) / perSecond) : '?';
  return `[${bar}] ${(fraction * 100).toFixed(1).padStart(5)}%  ${state.done}/${state.total}  ${rate(perSecond)}  ETA ${eta}`;
}

/**
 * A stream a progress bar can draw on.
 * @example new ProgressBar(process.stderr, 1e6, performance.now())
 */
export interface ProgressTarget {
  write(text: string): unknown;
  isTTY?: boolean;
}

/**
 * Draws a progress line on a terminal, redrawing in place; does nothing when
 * the target is not a terminal or the run is short, so piped stderr stays clean.
 * @example const bar = new ProgressBar(process.stderr, 10_000_000, performance.now()); bar.update(n); bar.finish();
 */
export class ProgressBar {
  private readonly enabled: boolean;
  private lastDraw = -Infinity;
  private drawn = false;

  constructor(
    private readonly target: ProgressTarget,
    private readonly total: number,
    private readonly startedAt: number,
  ) {
    this.enabled = target.isTTY === true && total >= PROGRESS_MIN_RECORDS;
  }

  /** Records `done` written; redraws when enough time has passed. */
  update(done: number, now = performance.now()): void {
    if (!this.enabled || now - this.lastDraw < REDRAW_MS) return;
    this.lastDraw = now;
    this.drawn = true;
    this.target.write('\r' + renderProgress({ done, total: this.total, elapsedMs: now - this.startedAt }) + '\x1b[K');
  }

  /** Clears the line so the next output starts clean. */
  finish(): void {
    if (this.drawn) this.target.write('\r\x1b[K');
    this.drawn = false;
  }
}
