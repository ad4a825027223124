import type { DataIndex, IndexState } from '../data-index/data-index.js';
import type { RandomSource } from '../random/record-random.js';
import type { PhoneResult } from '../types.js';
import { decimal, fourDigits } from './digits.js';
import { pickInSegment } from './pick.js';

/** The exchange reserved for fictional numbers; lines 0100-0199 of it are the fictional ones. */
export const FICTIONAL_EXCHANGE = 555;

/**
 * Draws a phone number of a state as `AAA` and `NNN-NNNN`: one of its
 * geographic area codes (weighted by exchange count), an exchange NXX with N
 * in 2-9 that is never N11 and never 555, and any line; or, when
 * `fictional`, exchange 555 with line 0100-0199. `area` receives the area code.
 */
function drawPhone(data: DataIndex, state: IndexState, random: RandomSource, fictional: boolean, area: { code: string }): string {
  area.code = decimal(pickInSegment(data.areaCodes, state.areaCodeOffset, state.areaCodeCount, random));
  if (fictional) return FICTIONAL_EXCHANGE + '-' + fourDigits(100 + random.below(100));
  let exchange: number;
  do exchange = 200 + random.below(800);
  while (exchange % 100 === 11 || exchange === FICTIONAL_EXCHANGE);
  return decimal(exchange) + '-' + fourDigits(random.below(10_000));
}

const scratch = { code: '' };

/**
 * A phone number of a state in both notations (see {@link drawPhone} for the rules).
 * @example phoneOf(data, data.state('NY')!, random, false) // { phone: '(212) 736-0142', intl: '+1 212-736-0142' }
 */
export function phoneOf(data: DataIndex, state: IndexState, random: RandomSource, fictional: boolean): PhoneResult {
  const rest = drawPhone(data, state, random, fictional, scratch);
  return { phone: '(' + scratch.code + ') ' + rest, intl: '+1 ' + scratch.code + '-' + rest };
}

/**
 * The same number as {@link phoneOf} draws, `(AAA) NNN-NNNN` only: what an address needs.
 * @example phoneText(data, data.state('NY')!, random, false) // "(212) 736-0142"
 */
export function phoneText(data: DataIndex, state: IndexState, random: RandomSource, fictional: boolean): string {
  const rest = drawPhone(data, state, random, fictional, scratch);
  return '(' + scratch.code + ') ' + rest;
}
