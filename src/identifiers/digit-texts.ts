/**
 * "0".."9": single digits as text, so a check digit is appended without a
 * number-to-string conversion.
 * @example DIGIT_TEXT[7] // "7"
 */
export const DIGIT_TEXT: readonly string[] = ['0', '1', '2', '3', '4', '5', '6', '7', '8', '9'];

/**
 * "000".."999": three digits with leading zeros (CVCs, serial parts).
 * @example THREE_DIGITS[42] // "042"
 */
export const THREE_DIGITS: readonly string[] = Array.from({ length: 1000 }, (_, n) => String(n).padStart(3, '0'));
