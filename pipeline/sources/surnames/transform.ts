import type { SurnameRecord } from '../../model.js';
import { titleCase } from '../../spelling/title-case.js';

/**
 * Share of the US population the 1990 list's 88,799 surnames cover, per the
 * Census Bureau's documentation of the list: the model's weights add up to it.
 */
export const SURNAME_LIST_COVERAGE = 0.90483;

/** Share of the population named Smith, rank 1 of the 1990 list (Census Bureau: 1.006 %). */
export const RANK_ONE_SHARE = 0.01006;

/**
 * The surname frequency model. The list gives ranks only, so frequency is
 * modelled by rank: the head (ranks 1..h, h = the anchor's length) follows
 * the anchor's empirical curve scaled so that rank 1 has RANK_ONE_SHARE; the
 * tail is a power law f(r) = f(h) * (r / h)^-tailExponent, continuous at h,
 * whose exponent makes the whole list cover SURNAME_LIST_COVERAGE.
 */
export interface SurnameModelFit {
  /** Ranks modelled by the anchor curve. */
  headRanks: number;
  /** Population share of the head ranks. */
  headCoverage: number;
  /** Exponent of the tail power law. */
  tailExponent: number;
  /** Modelled share of the last rank. */
  lastRankShare: number;
}

function tailSum(headShare: number, head: number, last: number, exponent: number): number {
  let sum = 0;
  for (let r = head + 1; r <= last; r++) sum += headShare * (r / head) ** -exponent;
  return sum;
}

/**
 * Fits the model to an anchor curve (weights of the top surnames in rank
 * order) for a list of `listLength` surnames; the tail exponent is found by
 * bisection.
 * @example fitSurnameModel(anchorWeights, 88_799).tailExponent // about 1.2
 */
export function fitSurnameModel(anchor: number[], listLength: number): SurnameModelFit {
  const scale = RANK_ONE_SHARE / anchor[0];
  const headCoverage = anchor.reduce((a, b) => a + b, 0) * scale;
  const headRanks = anchor.length;
  const atHead = anchor[headRanks - 1] * scale;
  const target = SURNAME_LIST_COVERAGE - headCoverage;
  if (!(target > 0)) throw new Error('surname anchor covers more than the whole list');
  if (tailSum(atHead, headRanks, listLength, 0) < target)
    throw new Error('surname tail cannot cover the rest of the list without rising');
  let low = 0;
  let high = 10;
  for (let i = 0; i < 60; i++) {
    // The exponent is kept to 6 decimals: once low and high round alike, so does every later low (it stays in [low, high)).
    if (round(low, 6) === round(high, 6)) break;
    const mid = (low + high) / 2;
    if (tailSum(atHead, headRanks, listLength, mid) > target) low = mid;
    else high = mid;
  }
  const tailExponent = round(low, 6);
  return {
    headRanks,
    headCoverage: round(headCoverage, 6),
    tailExponent,
    lastRankShare: atHead * (listLength / headRanks) ** -tailExponent,
  };
}

/**
 * Weights every surname by the model; weight = people per 100,000.
 * @example transformSurnames(['SMITH'], anchor, fit)[0].weight // 1006
 */
export function transformSurnames(surnames: string[], anchor: number[], fit: SurnameModelFit): SurnameRecord[] {
  const scale = RANK_ONE_SHARE / anchor[0];
  const atHead = anchor[fit.headRanks - 1] * scale;
  return surnames.map((surname, i) => {
    const rank = i + 1;
    const share = rank <= fit.headRanks ? anchor[i] * scale : atHead * (rank / fit.headRanks) ** -fit.tailExponent;
    return { surname: titleCase(surname), rank, weight: round(share * 100_000, 4) };
  });
}

function round(value: number, digits: number): number {
  const factor = 10 ** digits;
  return Math.round(value * factor) / factor;
}
