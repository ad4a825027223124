/** The Luhn value of a doubled digit: 2d, less 9 when that has two digits. */
const DOUBLED = [0, 2, 4, 6, 8, 1, 3, 5, 7, 9];
/** The Luhn sum of each two-digit group 00-99, its right digit doubled, and its left digit doubled. */
const PAIR_SUMS_DOUBLED_RIGHT = Array.from({ length: 100 }, (_, n) => DOUBLED[n % 10] + Math.floor(n / 10));
const PAIR_SUMS_DOUBLED_LEFT = Array.from({ length: 100 }, (_, n) => (n % 10) + DOUBLED[Math.floor(n / 10)]);

/**
 * The Luhn sum of the last `count` decimal digits of a non-negative integer
 * below 2^30, as the rightmost digits of a longer payload: the rightmost
 * one doubled when `doubleRightmost` (as the digit before a check digit is).
 * Works on the number, not its text, so a check digit costs no string work.
 * @example luhnSum(79927398, 8, true) // the sum over "79927398" as the end of a payload
 */
export function luhnSum(value: number, count: number, doubleRightmost: boolean): number {
  // Two digits a step, from a table: the rightmost digit of each pair is doubled or not as the first one is.
  const pairs = doubleRightmost ? PAIR_SUMS_DOUBLED_RIGHT : PAIR_SUMS_DOUBLED_LEFT;
  let sum = 0;
  let rest = value;
  let left = count;
  for (; left >= 2; left -= 2) {
    const next = (rest / 100) | 0;
    sum += pairs[rest - next * 100];
    rest = next;
  }
  // An odd count: the last (leftmost) digit is doubled as the rightmost of a pair would be.
  if (left === 1) sum += doubleRightmost ? DOUBLED[rest % 10] : rest % 10;
  return sum;
}

/**
 * The Luhn (mod 10) check digit of a string of decimal digits: the digit
 * that, appended, makes the whole pass the Luhn check (ISO/IEC 7812-1, the
 * card numbers' and the NPI's check).
 * @example luhnCheckDigit('7992739871') // 3
 */
export function luhnCheckDigit(digits: string): number {
  let sum = 0;
  // The rightmost digit of the payload is doubled, since the check digit will follow it.
  let double = true;
  for (let i = digits.length - 1; i >= 0; i--) {
    const d = digits.charCodeAt(i) - 48;
    sum += double ? DOUBLED[d] : d;
    double = !double;
  }
  return (10 - (sum % 10)) % 10;
}
