/** Longest address accepted (RFC 5321's path limit). */
export const MAX_EMAIL_LENGTH = 254;

// A dotted domain of letters, digits and hyphens (lower case, as normalizeEmail keeps it).
const DOMAIN = '(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\\.)+[a-z]{2,63}';
// One @, a non-empty local part without spaces or angle brackets, and such a domain.
const SHAPE = new RegExp(`^[^\\s@<>()[\\]\\\\,;:"]+@${DOMAIN}$`);
const DOMAIN_SHAPE = new RegExp(`^${DOMAIN}$`);

/**
 * Whether `text` is a domain as the addresses normalizeEmail keeps carry it
 * (lower case, dotted, a top-level domain of letters).
 * @example isEmailDomain('example.com') // true
 */
export function isEmailDomain(text: string): boolean {
  return DOMAIN_SHAPE.test(text);
}

// Control (Cc: NUL, BEL, ESC, U+0080-U+009F), format (Cf: zero-width and bidirectional marks), surrogate,
// private-use and unassigned code points, and line or paragraph separators: never part of an address someone
// types, and a way to make a second account for one mailbox or to write escapes onto an operator's terminal.
const INVISIBLE = /[\p{Cc}\p{Cf}\p{Cs}\p{Co}\p{Cn}\p{Zl}\p{Zp}]/u;

/**
 * Why `text` cannot be an e-mail address, or null when it can: it is not a
 * string, or holds a control or format character (which is named), or does
 * not have an address's shape.
 * @example emailProblem('a\u0000b@example.com') // 'email must not contain control or format characters (U+0000 at position 2)'
 */
export function emailProblem(text: unknown): string | null {
  if (typeof text !== 'string') return 'email must be a string';
  const invisible = INVISIBLE.exec(text);
  if (invisible) {
    const codePoint = invisible[0].codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0');
    return `email must not contain control or format characters (U+${codePoint} at position ${[...text.slice(0, invisible.index)].length + 1})`;
  }
  const nfc = text.trim().normalize('NFC');
  if (nfc.normalize('NFKC') !== nfc)
    return 'email must not contain compatibility forms of characters (full-width letters, ligatures, superscripts): type the address in its plain form';
  return normalizeEmail(text) === null ? 'email must be an e-mail address such as ada@example.com' : null;
}

/**
 * The address as the store keeps it (trimmed, NFC-normalised, lower-cased),
 * or null when it is not one an e-mail can be sent to (control and format
 * characters included). Case is folded whole: no provider we send to treats
 * the local part's case as significant, and one person must not get two
 * accounts; NFC makes the composed and decomposed forms of an accented
 * letter one address, as they are one to a reader, and compatibility forms
 * (full-width letters, ligatures), which NFKC would change, are refused.
 * @example normalizeEmail(' Ada@Example.COM ') // 'ada@example.com'
 */
export function normalizeEmail(text: unknown): string | null {
  if (typeof text !== 'string' || INVISIBLE.test(text)) return null;
  const email = text.trim().normalize('NFC').toLowerCase();
  // A full-width or ligature form looks like the plain address yet would be another account: refused, not folded.
  if (email.normalize('NFKC') !== email) return null;
  if (email.length === 0 || email.length > MAX_EMAIL_LENGTH || !SHAPE.test(email)) return null;
  return email;
}

/**
 * The domain of a normalised address.
 * @example emailDomain('ada@example.com') // 'example.com'
 */
export function emailDomain(email: string): string {
  return email.slice(email.lastIndexOf('@') + 1);
}
