import { RecordUuids } from '../fields/record-uuid.js';
import { RecordRandom } from '../random/record-random.js';
import { dateOf, dayOf } from '../related/calendar-days.js';
import { streamKey } from '../random/stream-key.js';
import type { ColumnRule } from './column-rule.js';

/**
 * A value a generic rule writes: text (dates, timestamps, decimals and UUIDs as their text), a number, a boolean, or NULL.
 * @example const value: SeedValue = '2024-03-01'
 */
export type SeedValue = string | number | boolean | null;

/** The generic rules: what {@link genericColumn} makes (a field, a reference or the database's value is made elsewhere). */
export type GenericRule = Exclude<
  ColumnRule,
  { rule: 'field' } | { rule: 'reference' } | { rule: 'database' } | { rule: 'after' }
>;

// Its own stream kind (docs/architecture.md, "Streams"); the key is the column's own, so no other draw is shared.
const SEED_STREAM = 16 << 8;
const DAY_SECONDS = 86_400;
const TWO = Array.from({ length: 100 }, (_, n) => (n < 10 ? '0' : '') + n);

/** A uniform integer in [0, n) for n up to 2^53, from two words. */
function below(random: RecordRandom, n: number): number {
  const high = random.nextUint32() >>> 11;
  const low = random.nextUint32();
  return Math.floor(((high * 4294967296 + low) / 2 ** 53) * n);
}

/**
 * ISO 8601 text (UTC, to the second) of seconds since 1970: calendar arithmetic, no Date object per value.
 * @example timestampText(86_401) // "1970-01-02T00:00:01Z"
 */
export function timestampText(seconds: number): string {
  const day = Math.floor(seconds / DAY_SECONDS);
  const time = seconds - day * DAY_SECONDS;
  const hours = Math.floor(time / 3600);
  const minutes = Math.floor((time - hours * 3600) / 60);
  return `${dateOf(day)}T${TWO[hours]}:${TWO[minutes]}:${TWO[time - hours * 3600 - minutes * 60]}Z`;
}

/**
 * The values of one generic column: row `row`'s value depends only on the
 * seed, the table's and the column's names, the rule and `row` (so adding a
 * table or a column, or changing a count, changes no other column's values;
 * any split of the rows into shards gives the same values). A NULL share
 * takes a draw of its own first, so changing it leaves the other rows'
 * values as they were.
 * @example genericColumn('42', 'orders', 'qty', { rule: 'integer', min: 1, max: 5 }, 0)(7) // 1..5
 */
export function genericColumn(
  seed: string,
  table: string,
  column: string,
  rule: GenericRule,
  nulls: number,
): (row: number) => SeedValue {
  const key = columnKey(seed, table, column);
  const random = new RecordRandom(key);
  const value = valueMaker(rule, random, key);
  return (row) => {
    random.reset(SEED_STREAM, row);
    const isNull = random.nextUint32() < nulls * 4294967296;
    const made = value(row);
    return isNull ? null : made;
  };
}

/** A column's own stream key: its values, its NULLs and its UUIDs are drawn from it. */
function columnKey(seed: string, table: string, column: string): Uint32Array {
  return streamKey(`${seed}\u0000${table}\u0000${column}`);
}

/**
 * The UUIDs of a UUID key column: row `row`'s value is `uuids.uuid(0, row)`, as genericColumn makes it (SeedRows
 * writes them as bytes for a binary COPY).
 * @example keyUuids('42', 'orders', 'id').uuid(0, 7) // orders.id of row 7
 */
export function keyUuids(seed: string, table: string, column: string): RecordUuids {
  return new RecordUuids(columnKey(seed, table, column));
}

/**
 * Whether row `row` of a column is NULL, for a column whose values are not
 * generic (a field, a reference): the same draw genericColumn makes first,
 * from the column's own stream, so the rows that stay non-NULL keep their values.
 * @example nullShare('42', 'people', 'phone', 0.2)(7) // true in about 1 row of 5
 */
export function nullShare(seed: string, table: string, column: string, share: number): (row: number) => boolean {
  const random = new RecordRandom(columnKey(seed, table, column));
  return (row) => {
    random.reset(SEED_STREAM, row);
    return random.nextUint32() < share * 4294967296;
  };
}

/**
 * Seconds since 1970 of a date (`YYYY-MM-DD`, its midnight UTC) or a timestamp (`YYYY-MM-DDTHH:MM:SSZ` or
 * `YYYY-MM-DD HH:MM:SS`, UTC) as the seed writes them.
 * @example secondsOf('1970-01-02T00:00:01Z') // 86401
 */
export function secondsOf(text: string): number {
  const day = dayOf(text.slice(0, 10)) * DAY_SECONDS;
  if (text.length < 19) return day;
  return day + Number(text.slice(11, 13)) * 3600 + Number(text.slice(14, 16)) * 60 + Number(text.slice(17, 19));
}

/** The rules whose values are numbers written as text: a decimal's units, a date's days, a timestamp's seconds. */
type NumberRule = Extract<GenericRule, { rule: 'decimal' | 'date' | 'timestamp' }>;

/** A decimal's value in units of its last digit, a date's days since 1970, a timestamp's seconds since 1970. */
function numberMaker(rule: NumberRule, random: RecordRandom): () => number {
  switch (rule.rule) {
    case 'decimal': {
      const unit = 10 ** rule.scale;
      const low = Math.round(rule.min * unit);
      const span = Math.round(rule.max * unit) - low + 1;
      return () => low + below(random, span);
    }
    case 'date': {
      const from = dayOf(rule.from);
      const days = dayOf(rule.to) - from + 1;
      return () => from + below(random, days);
    }
    case 'timestamp': {
      const from = Date.parse(rule.from) / 1000;
      const seconds = Date.parse(rule.to) / 1000 - from + 1;
      return () => from + below(random, seconds);
    }
  }
}

/**
 * The values of a generic decimal, date or timestamp column without NULLs as numbers: row `row`'s is the number
 * genericColumn writes as text (a decimal's units of its last digit, a date's days since 1970-01-01, a timestamp's
 * seconds since 1970-01-01T00:00:00Z), from the same draws. A binary COPY writes them without making the text and
 * parsing it back (seed-column-bytes.ts). Undefined for a column with NULLs, or a decimal of 2^52 units or more,
 * whose text (`toFixed` of a double) may not be its exact value.
 * @example genericNumbers('42', 'orders', 'total', { rule: 'decimal', min: 1, max: 500, scale: 2 }, 0)?.(7) // 100..50000
 */
export function genericNumbers(
  seed: string,
  table: string,
  column: string,
  rule: GenericRule,
  nulls: number,
): ((row: number) => number) | undefined {
  if (nulls > 0 || (rule.rule !== 'decimal' && rule.rule !== 'date' && rule.rule !== 'timestamp')) return undefined;
  if (rule.rule === 'decimal' && Math.max(Math.abs(rule.min), Math.abs(rule.max)) * 10 ** rule.scale >= 2 ** 52)
    return undefined;
  const random = new RecordRandom(columnKey(seed, table, column));
  const value = numberMaker(rule, random);
  return (row) => {
    random.reset(SEED_STREAM, row);
    // genericColumn's NULL draw, made and not used, so the value comes from the same draw.
    random.nextUint32();
    return value();
  };
}

function valueMaker(rule: GenericRule, random: RecordRandom, key: Uint32Array): (row: number) => SeedValue {
  switch (rule.rule) {
    case 'key':
      if (rule.form === 'sequence') return (row) => row + 1;
      return (
        (uuids) => (row: number) =>
          uuids.uuid(0, row)
      )(new RecordUuids(key));
    case 'integer':
      return () => rule.min + below(random, rule.max - rule.min + 1);
    case 'decimal': {
      const units = numberMaker(rule, random);
      const unit = 10 ** rule.scale;
      return () => (units() / unit).toFixed(rule.scale);
    }
    case 'date': {
      const days = numberMaker(rule, random);
      return () => dateOf(days());
    }
    case 'timestamp': {
      const seconds = numberMaker(rule, random);
      return () => timestampText(seconds());
    }
    case 'boolean':
      return () => random.nextUint32() < rule.share * 4294967296;
    case 'pick': {
      const total = rule.weights.reduce((sum, w) => sum + w, 0);
      // Each value's upper bound in [0, 1): the running sum of the weights up to it.
      const bounds: number[] = [];
      let sum = 0;
      for (const weight of rule.weights) bounds.push((sum += weight) / total);
      return () => {
        const u = random.nextUint32() / 4294967296;
        const at = bounds.findIndex((bound) => u < bound);
        return rule.values[at < 0 ? rule.values.length - 1 : at];
      };
    }
    case 'constant':
      return () => rule.value;
    case 'null':
      return () => null;
  }
}
