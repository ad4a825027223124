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

/**
 * The address as the store keeps it (trimmed, lower-cased), or null when it
 * is not one an e-mail can be sent to. Case is folded whole: no provider
 * we send to treats the local part's case as significant, and one person
 * must not get two accounts.
 * @example normalizeEmail(' Ada@Example.COM ') // 'ada@example.com'
 */
export function normalizeEmail(text: unknown): string | null {
  if (typeof text !== 'string') return null;
  const email = text.trim().toLowerCase();
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
