import { UssynthApiError, type UsageSummary } from '../../client/index.js';
import { countText } from '../../count-text.js';
import { RemoteFailed } from './remote-chunks.js';
import type { RemoteSource } from './remote-source.js';

/**
 * Asks the API (GET /v1/usage, which costs no quota) whether the key's account can take `count` more records this
 * month, before a `--remote` run writes anything: why it cannot (no paid plan, or fewer records left than the run
 * needs, with the figures), or null when it can; rejects with RemoteFailed when the API refuses the question (a bad
 * key) or cannot be reached. Another client of the same account may still use the quota up during the run: the
 * API's own refusal then ends it as before.
 * @example await remoteQuotaProblem(remote, 100_000, signal) // '--remote ...: this run needs 100000 records and the key's account has 26000 left ...'
 */
export async function remoteQuotaProblem(
  remote: RemoteSource,
  count: number,
  signal: AbortSignal,
): Promise<string | null> {
  let usage: UsageSummary;
  try {
    usage = await remote.client.usage({ signal });
  } catch (error) {
    if (error instanceof UssynthApiError) throw new RemoteFailed(`--remote ${remote.url}: ${error.message}`);
    throw error;
  }
  if (usage.plan === 'none') {
    return `--remote ${remote.url}: the key's account has no paid plan, so the API refuses every call (402 subscription_required); nothing was written`;
  }
  if (usage.remaining >= count) return null;
  const advice =
    usage.remaining > 0
      ? `ask for --count ${usage.remaining} or less, or raise the plan`
      : 'raise the plan, or wait for the reset';
  return (
    `--remote ${remote.url}: this run needs ${countText(count, 'record')} and the key's account has ${usage.remaining} left of its ${usage.quota} for ${usage.month} ` +
    `(${usage.used} used; the quota resets at ${usage.resetsAt}); nothing was written: ${advice}`
  );
}
