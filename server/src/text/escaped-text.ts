// Control (C0 but tab and newline, DEL, C1 such as ESC and CSI U+009B), format (bidirectional overrides,
// zero-width), surrogate, private-use and unassigned code points, and line/paragraph separators.
const UNSAFE = /(?![\n\t])[\p{Cc}\p{Cf}\p{Cs}\p{Co}\p{Cn}\p{Zl}\p{Zp}]/gu;

/**
 * `text` with every character that could move the cursor, recolour or
 * rewrite an operator's terminal (or hide text) replaced by a `\uXXXX`
 * escape; newlines and tabs stay. The escapes are JSON's own, so a JSON line
 * stays valid JSON of the same value.
 * @example escapedText('evil\u001b[2J@example.com') // 'evil\\u001b[2J@example.com'
 */
export function escapedText(text: string): string {
  return text.replace(UNSAFE, escapeUnits);
}

function escapeUnits(char: string): string {
  let escaped = '';
  for (let i = 0; i < char.length; i++) escaped += `\\u${char.charCodeAt(i).toString(16).padStart(4, '0')}`;
  return escaped;
}
