/** Fewest characters a password may have (NIST SP 800-63B asks for at least 8; 12 is OWASP's suggestion). */
export const MIN_PASSWORD_LENGTH = 12;
/** Most characters a password may have: long passphrases are welcome; the cap only bounds hashing work. */
export const MAX_PASSWORD_LENGTH = 256;

/**
 * Why a new password is refused, or null when it is acceptable. Rules per
 * NIST SP 800-63B: a length window, any characters (Unicode, spaces, emoji),
 * no composition rules, no periodic changes; refused only when it is the
 * account's own e-mail address or its name part. Lengths count characters
 * (code points) after NFC normalisation, the form the hash is made of.
 * @example passwordProblem('short', 'ada@example.com') // 'password must be at least 12 characters; got 5'
 */
export function passwordProblem(password: unknown, email: string): string | null {
  if (typeof password !== 'string') return 'password must be a string';
  const length = [...normalizePassword(password)].length;
  if (length < MIN_PASSWORD_LENGTH) return `password must be at least ${MIN_PASSWORD_LENGTH} characters; got ${length}`;
  if (length > MAX_PASSWORD_LENGTH) return `password must be at most ${MAX_PASSWORD_LENGTH} characters; got ${length}`;
  const lowered = password.trim().toLowerCase();
  if (lowered === email || lowered === email.slice(0, email.lastIndexOf('@')))
    return 'password must not be your e-mail address or its name part';
  return null;
}

/**
 * The form a password is hashed in: NFC, so the same passphrase typed on
 * two keyboards (composed or decomposed accents) matches.
 * @example normalizePassword('e\u0301te\u0301') === normalizePassword('\u00e9t\u00e9') // true
 */
export function normalizePassword(password: string): string {
  return password.normalize('NFC');
}
