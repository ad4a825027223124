/** The Luhn value of a doubled digit: 2d, less 9 when that has two digits. */
const DOUBLED = [0, 2, 4, 6, 8, 1, 3, 5, 7, 9];

/**
 * The Luhn sum of the last `count` decimal digits of a non-negative integer
 * below 2^30, as the rightmost digits of a longer payload: the rightmost
 * one doubled when `doubleRightmost` (as the digit before a check digit is).
 * Works on the number, not its text, so a check digit costs no string work.
 * @example luhnSum(79927398, 8, true) // the sum over "79927398" as the end of a payload
 */
export function luhnSum(value: number, count: number, doubleRightmost: boolean): number {
  let sum = 0;
  let double = doubleRightmost;
  let rest = value;
  for (let i = 0; i < count; i++) {
    const next = (rest / 10) | 0;
    const d = rest - next * 10;
    sum += double ? DOUBLED[d] : d;
    double = !double;
    rest = next;
  }
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
