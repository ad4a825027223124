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
    let d = digits.charCodeAt(i) - 48;
    if (double) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
    double = !double;
  }
  return (10 - (sum % 10)) % 10;
}
