import type { DataIndex, IndexState } from '../data-index/data-index.js';
import type { RandomSource } from '../random/record-random.js';
import type { PhoneResult } from '../types.js';
import { decimal, fourDigits } from '../digits.js';
import { pickColumnIn } from './pick.js';
import { EXCHANGE_BITMAP_BYTES } from '../data-index/format.js';

/** "(AAA) " and "NNN-" for every three-digit number: a phone is three concatenations of cached strings. */
const AREA_TEXT = Array.from({ length: 1000 }, (_, n) => '(' + n + ') ');
const EXCHANGE_TEXT = Array.from({ length: 1000 }, (_, n) => n + '-');

/** The exchange reserved for fictional numbers; lines 0100-0199 of it are the fictional ones. */
export const FICTIONAL_EXCHANGE = 555;

/**
 * Exchanges (NXX) of special use, never generated besides N11: 555
 * (directory assistance, and the fictional lines), 950 (carrier access),
 * 958 and 959 (telephone company test lines), 976 (premium information
 * services).
 */
export const SPECIAL_USE_EXCHANGES: readonly number[] = [FICTIONAL_EXCHANGE, 950, 958, 959, 976];

/**
 * Whether an exchange NXX may be generated: N in 2-9, not an N11 service
 * code, not one of {@link SPECIAL_USE_EXCHANGES}.
 * @example isGeneratableExchange(976) // false
 */
export function isGeneratableExchange(exchange: number): boolean {
  return exchange >= 200 && exchange <= 999 && exchange % 100 !== 11 && !SPECIAL_USE_EXCHANGES.includes(exchange);
}

/**
 * Draws a phone number of a state as `AAA` and `NNN-NNNN`: one of its
 * geographic area codes (weighted by exchange count), one of the code's
 * exchanges phones may use ({@link drawExchange}) and any line; or, when
 * `fictional`, exchange 555 with line 0100-0199. `area` receives the area code.
 */
function drawPhone(
  data: DataIndex,
  state: IndexState,
  random: RandomSource,
  fictional: boolean,
  area: { code: string },
): string {
  const column = pickColumnIn(data.areaCodes, random, state.areaCodeOffset, state.areaCodeCount);
  area.code = decimal(data.areaCodes.items[column]);
  if (fictional) return FICTIONAL_EXCHANGE + '-' + fourDigits(100 + random.below(100));
  return decimal(drawExchange(data, column, random)) + '-' + fourDigits(random.below(10_000));
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
 * The phone of an address, `(AAA) NNN-NNNN`: an exchange of the phone place
 * of its ZIP (the nearest place of the state that libphonenumber's
 * geocoding names for exchanges), drawn uniformly, and any line. The area
 * code is the exchange's, one of the state's. Without a place (a territory
 * the geocoding names none in) or when `fictional`, the number is drawn as
 * {@link phoneOf} draws it. `zipEntry` is the ZIP's entry in the ZS table.
 * Written from cached "(AAA) " and "NNN-" strings (a cache of whole
 * "(AAA) NNN-" per exchange measured slower: 44,115 strings read at random
 * miss the CPU cache).
 * @example addressPhone(data, data.state('CA')!, zipEntry, random, false) // "(951) 222-0142" for a Riverside ZIP
 */
export function addressPhone(
  data: DataIndex,
  state: IndexState,
  zipEntry: number,
  random: RandomSource,
  fictional: boolean,
): string {
  return phoneText(addressPhoneNumber(data, state, zipEntry, random, fictional));
}

/**
 * The draws of {@link addressPhone} as one number, AAANNNNNNN (area code x 10^7 + exchange x 10^4 + line): a
 * household compares its members' numbers as numbers, not as the strings {@link phoneText} makes of them.
 * @example phoneText(addressPhoneNumber(data, state, zipEntry, random, false)) // "(951) 222-0142"
 */
export function addressPhoneNumber(
  data: DataIndex,
  state: IndexState,
  zipEntry: number,
  random: RandomSource,
  fictional: boolean,
): number {
  const place = data.zipPhonePlaces[zipEntry];
  let area: number;
  let exchange: number;
  let line: number;
  if (fictional || place === data.phonePlaceCount) {
    const column = pickColumnIn(data.areaCodes, random, state.areaCodeOffset, state.areaCodeCount);
    area = data.areaCodes.items[column];
    exchange = fictional ? FICTIONAL_EXCHANGE : drawExchange(data, column, random);
    line = fictional ? 100 + random.below(100) : random.below(10_000);
  } else {
    const first = data.placeExchangeStarts[place];
    const code = data.placeExchanges[first + random.below(data.placeExchangeStarts[place + 1] - first)];
    const slot = (code / 800) | 0;
    area = data.areaCodes.items[state.areaCodeOffset + slot];
    exchange = 200 + code - slot * 800;
    line = random.below(10_000);
  }
  return area * 10_000_000 + exchange * 10_000 + line;
}

/**
 * `(AAA) NNN-NNNN` of a number AAANNNNNNN ({@link addressPhoneNumber}).
 * @example phoneText(9512220142) // "(951) 222-0142"
 */
export function phoneText(number: number): string {
  const area = Math.floor(number / 10_000_000);
  const rest = number - area * 10_000_000;
  const exchange = (rest / 10_000) | 0;
  return AREA_TEXT[area] + EXCHANGE_TEXT[exchange] + fourDigits(rest - exchange * 10_000);
}

/**
 * An exchange of the area code at AC column `column`, drawn uniformly from
 * those its phones may use (the index's ACVX bitmap: valid in
 * libphonenumber-js max metadata and {@link isGeneratableExchange}); the
 * build keeps no code without one, so the loop ends.
 */
function drawExchange(data: DataIndex, column: number, random: RandomSource): number {
  const bitmap = data.areaCodeExchanges;
  const base = column * EXCHANGE_BITMAP_BYTES;
  let code: number;
  do code = random.below(800);
  while ((bitmap[base + (code >> 3)] & (1 << (code & 7))) === 0);
  return 200 + code;
}
