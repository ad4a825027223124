/**
 * Longest `Retry-After` the client waits out (seconds); a longer one is
 * surfaced as the error at once. The API's `rate_limited`,
 * `service_unavailable` and `store_unavailable` say about 1 s.
 * @example if (retryAfter > MAX_RETRY_AFTER_SECONDS) throw error
 */
export const MAX_RETRY_AFTER_SECONDS = 60;

/**
 * Most random extra wait added to `Retry-After`, in milliseconds. Whole
 * seconds are coarse: without it, every request refused in the same second
 * would come back in the same millisecond and mostly be refused again.
 * @example retryDelayMs(1, Math.random) // 1000 .. 1999
 */
export const RETRY_JITTER_MS = 1000;

/**
 * Seconds to wait from a `Retry-After` value: delay-seconds (`"1"`) or an
 * HTTP date (RFC 9110); undefined when missing or unreadable.
 * @example parseRetryAfter('2', Date.now()) // 2
 */
export function parseRetryAfter(value: string | null, nowMs: number): number | undefined {
  if (value === null) return undefined;
  const text = value.trim();
  if (/^[0-9]+$/.test(text)) return Number(text);
  // Date.parse reads nearly anything ("-1" is a year); an HTTP date is in GMT.
  const dateMs = /GMT$/.test(text) ? Date.parse(text) : Number.NaN;
  return Number.isNaN(dateMs) ? undefined : Math.max(0, Math.ceil((dateMs - nowMs) / 1000));
}

/**
 * How long to wait before retrying: never earlier than `Retry-After` (1 s
 * when the answer gave none), plus up to RETRY_JITTER_MS at random.
 * @example retryDelayMs(undefined, () => 0.5) // 1500
 */
export function retryDelayMs(retryAfterSeconds: number | undefined, random: () => number): number {
  return (retryAfterSeconds ?? 1) * 1000 + Math.floor(random() * RETRY_JITTER_MS);
}
