// Database URLs with their passwords hidden, for every message and the process title. Written on the text, not on a
// parsed URL: a password holding an unencoded `/`, `?`, `#` or `@` makes a URL invalid, or a valid one whose "port"
// and "path" are pieces of the password.

// Query parameters that carry a password: libpq's `password` and `sslpassword`, and any other `...pass...` name.
const SECRET_PARAMETER = /([?&;])([^=&#;]*pass[^=&#;]*)=([^&#;]*)/gi;

/** Where the user information of `scheme://user:password@host` lies in the text, if it has a password. */
function passwordSpan(text: string): { start: number; end: number } | undefined {
  const scheme = /^[a-z][a-z0-9+.-]*:\/\//i.exec(text);
  if (scheme === null) return undefined;
  const at = text.lastIndexOf('@');
  const colon = text.indexOf(':', scheme[0].length);
  // Everything from the first `:` after `//` to the last `@` is the password: over-masking a host is safer than
  // showing part of a password that held an `@`.
  if (at < 0 || colon < 0 || colon > at) return undefined;
  return { start: colon + 1, end: at };
}

/**
 * The password of `scheme://user:password@host` as written: everything from the first `:` after `//` to the last `@`.
 * @example writtenPassword('postgres://app:ab/cd@db/x') // "ab/cd"
 */
export function writtenPassword(text: string): string | undefined {
  const span = passwordSpan(text);
  return span === undefined ? undefined : text.slice(span.start, span.end);
}

/**
 * A `--to` target as it may be shown: the password of `scheme://user:password@host` (whatever characters it holds)
 * and every password query parameter (`?password=`, `sslpassword=`) replaced by `***`; other text as given.
 * @example maskedTarget('postgres://app:ab/cd@db/x?password=s') // "postgres://app:***@db/x?password=***"
 */
export function maskedTarget(text: string): string {
  const span = passwordSpan(text);
  const masked = span === undefined ? text : text.slice(0, span.start) + '***' + text.slice(span.end);
  return masked.replace(SECRET_PARAMETER, '$1$2=***');
}

/**
 * The passwords a target holds, as written and percent-decoded: what a message must never contain.
 * @example targetSecrets('mysql://u:p%40ss@h/d') // ["p%40ss", "p@ss"]
 */
export function targetSecrets(text: string): string[] {
  const found: string[] = [];
  const span = passwordSpan(text);
  if (span !== undefined) found.push(text.slice(span.start, span.end));
  for (const match of text.matchAll(SECRET_PARAMETER)) found.push(match[3]);
  const secrets = new Set<string>();
  for (const secret of found) {
    if (secret === '') continue;
    secrets.add(secret);
    try {
      secrets.add(decodeURIComponent(secret));
    } catch {
      // Not percent-encoded text: only the written form can appear.
    }
  }
  return [...secrets];
}

/**
 * A message with every occurrence of the secrets (of 4 or more characters) replaced by `***`, longest first: for
 * what a driver says back.
 * @example withoutSecrets('bad password "hunter22"', ['hunter22']) // 'bad password "***"'
 */
export function withoutSecrets(message: string, secrets: readonly string[]): string {
  let out = message;
  // Passwords under 4 characters are left: replacing one letter everywhere would garble the message (the URL itself is
  // masked by maskedTarget whatever the length).
  for (const secret of [...secrets].sort((a, b) => b.length - a.length))
    if (secret.length >= 4) out = out.split(secret).join('***');
  return out;
}
