import type { BillingMode } from './billing-config.js';

// Safe to paste into a shell as it is: an e-mail address or a plain account name.
const PLAIN_NAME = /^[A-Za-z0-9._@+-]+$/;

/**
 * The operator's command that gives an account a plan (a self-service account is named by its owner's e-mail
 * address); an unusual name is single-quoted so the line can be pasted into a shell.
 * @example planCommand('ada@example.com') // 'ussynth-server accounts set ada@example.com --tier standard|pro'
 */
export function planCommand(accountName: string): string {
  const name = PLAIN_NAME.test(accountName) ? accountName : `'${accountName.replace(/'/g, `'\\''`)}'`;
  return `ussynth-server accounts set ${name} --tier standard|pro`;
}

/**
 * What an account without a plan is told, the same words in the 402 answer, on the dashboard and in
 * `ussynth-server accounts`: that its keys answer 402, and how it gets a plan (subscribing where the service
 * takes payment, the operator's command in every case).
 * @example noPlanText('ada@example.com', 'none')
 * // 'the account ada@example.com has no plan, so its API keys answer 402; the operator gives it one with `ussynth-server accounts set ada@example.com --tier standard|pro`'
 */
export function noPlanText(accountName: string, billing: BillingMode): string {
  const how =
    billing === 'stripe'
      ? `its owner subscribes on the dashboard, or the operator sets one with \`${planCommand(accountName)}\``
      : `the operator gives it one with \`${planCommand(accountName)}\``;
  return `the account ${accountName} has no plan, so its API keys answer 402; ${how}`;
}
