import type { SurnameRecord } from '../../model.js';
import { titleCase } from '../../transform/title-case.js';

/**
 * Share of the US population the 1990 list's 88,799 surnames cover, per the
 * Census Bureau's documentation of the list: the model's weights add up to it.
 */
export const SURNAME_LIST_COVERAGE = 0.90483;

/** A Zipf-Mandelbrot law f(r) = c / (r + q)^s fitted to the anchor's shape. */
export interface SurnameModelFit {
  s: number;
  q: number;
  /** Coefficient of determination of the log-log fit on the anchor ranks. */
  r2: number;
  /** Largest relative error of the fitted curve on the anchor ranks. */
  maxRelativeError: number;
}

/**
 * Fits log f = a - s log(r + q) by least squares for each q on a grid
 * (0 to 20 by 0.05) and keeps the q with the smallest squared error.
 */
export function fitSurnameModel(anchor: number[]): SurnameModelFit {
  const total = anchor.reduce((x, y) => x + y, 0);
  const ys = anchor.map((w) => Math.log(w / total));
  let best: { q: number; s: number; a: number; sse: number } | undefined;
  for (let step = 0; step <= 400; step++) {
    const q = step * 0.05;
    const xs = ys.map((_, i) => Math.log(i + 1 + q));
    const mx = xs.reduce((x, y) => x + y, 0) / xs.length;
    const my = ys.reduce((x, y) => x + y, 0) / ys.length;
    let sxy = 0;
    let sxx = 0;
    for (let i = 0; i < xs.length; i++) {
      sxy += (xs[i] - mx) * (ys[i] - my);
      sxx += (xs[i] - mx) ** 2;
    }
    const slope = sxy / sxx;
    const a = my - slope * mx;
    let sse = 0;
    for (let i = 0; i < xs.length; i++) sse += (ys[i] - (a + slope * xs[i])) ** 2;
    if (!best || sse < best.sse) best = { q, s: -slope, a, sse };
  }
  const fit = best!;
  const my = ys.reduce((x, y) => x + y, 0) / ys.length;
  const sst = ys.reduce((acc, y) => acc + (y - my) ** 2, 0);
  let maxRelativeError = 0;
  ys.forEach((y, i) => {
    const predicted = Math.exp(fit.a - fit.s * Math.log(i + 1 + fit.q));
    maxRelativeError = Math.max(maxRelativeError, Math.abs(predicted / Math.exp(y) - 1));
  });
  return { s: round(fit.s, 6), q: round(fit.q, 2), r2: round(1 - fit.sse / sst, 6), maxRelativeError: round(maxRelativeError, 6) };
}

/**
 * Weights every surname by the fitted law, scaled so the list covers
 * {@link SURNAME_LIST_COVERAGE} of people; weight = people per 100,000.
 */
export function transformSurnames(surnames: string[], fit: SurnameModelFit): SurnameRecord[] {
  const raw = surnames.map((_, i) => (i + 1 + fit.q) ** -fit.s);
  const scale = (SURNAME_LIST_COVERAGE * 100_000) / raw.reduce((x, y) => x + y, 0);
  return surnames.map((surname, i) => ({ surname: titleCase(surname), rank: i + 1, weight: round(raw[i] * scale, 4) }));
}

function round(value: number, digits: number): number {
  const factor = 10 ** digits;
  return Math.round(value * factor) / factor;
}
