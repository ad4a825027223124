/** Seconds a webhook signature may differ from the server's clock, either way (the SDK's own default tolerance). */
export const SIGNATURE_TOLERANCE_S = 300;

/**
 * The timestamp (`t=`, epoch seconds) a Stripe-Signature header signs, read
 * as the SDK reads it (the last `t=` element, `parseInt`), or null without one.
 * @example signedTimestamp('t=1700000000,v1=5257a8...') // 1700000000
 */
export function signedTimestamp(header: string): number | null {
  let timestamp: number | null = null;
  for (const element of header.split(',')) {
    const [name, value] = element.split('=');
    if (name === 't' && value !== undefined) timestamp = parseInt(value, 10);
  }
  return timestamp === null || Number.isNaN(timestamp) ? null : timestamp;
}

/**
 * Whether a verified signature is dated further ahead of `nowMs` than the
 * tolerance: the SDK refuses only signatures that are too old, so one made
 * to be replayed later (a timestamp in the future) is refused here.
 * @example isDatedInFuture('t=1700003601,v1=...', 1_700_000_000_000) // true
 */
export function isDatedInFuture(header: string, nowMs: number, toleranceS = SIGNATURE_TOLERANCE_S): boolean {
  const timestamp = signedTimestamp(header);
  return timestamp !== null && timestamp - Math.floor(nowMs / 1000) > toleranceS;
}
