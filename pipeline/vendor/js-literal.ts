import vm from 'node:vm';

/**
 * Cuts the array or object literal that starts at the first `[` or `{` after `marker` in JavaScript
 * source text, matching brackets while skipping strings and comments. Used instead of require() so
 * the rest of the package's code (its top level, its own requires) never runs and unexported values
 * can be reached. The cut literal itself is package code and is run by evalLiteral.
 */
export function cutLiteral(source: string, marker: string): string {
  const at = source.indexOf(marker);
  if (at < 0) throw new Error(`marker not found: ${marker}`);
  if (source.indexOf(marker, at + marker.length) >= 0) throw new Error(`marker not unique: ${marker}`);
  let i = at + marker.length;
  while (i < source.length && source[i] !== '[' && source[i] !== '{') {
    if (!/\s|=/.test(source[i] ?? '')) throw new Error(`no literal right after marker: ${marker}`);
    i++;
  }
  const start = i;
  let depth = 0;
  for (; i < source.length; i++) {
    const c = source[i];
    if (c === '"' || c === "'" || c === '`') {
      for (i++; i < source.length && source[i] !== c; i++) if (source[i] === '\\') i++;
    } else if (c === '/' && source[i + 1] === '/') {
      i = source.indexOf('\n', i);
      if (i < 0) break;
    } else if (c === '/' && source[i + 1] === '*') {
      i = source.indexOf('*/', i) + 1;
    } else if (c === '[' || c === '{') {
      depth++;
    } else if (c === ']' || c === '}') {
      depth--;
      if (depth === 0) return source.slice(start, i + 1);
    }
  }
  throw new Error(`unterminated literal after marker: ${marker}`);
}

/**
 * Evaluates a cut-out literal as JavaScript with node:vm, in a fresh context whose global has only
 * JavaScript's built-ins (no `require`, `process` or other Node API). The literal's own code runs (it could
 * hold a call or a getter), and node:vm is not a security boundary: only the pinned source packages
 * that `npm run data:vendor` reads are passed here, never untrusted text.
 */
export function evalLiteral(literal: string): unknown {
  return vm.runInNewContext(`(${literal})`, Object.create(null) as object);
}

/** cutLiteral, then evalLiteral: the value of the literal after `marker`. */
export function cutAndEval(source: string, marker: string): unknown {
  return evalLiteral(cutLiteral(source, marker));
}
