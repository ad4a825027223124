import { accountApi } from './api.js';
import { byId, failureText, say, setTextWithCode } from './page-kit.js';
import { offerText, PLAN_NAMES, type PlanOffer } from './plan-offers.js';

/** GET /account/v1/billing. */
export interface AccountBilling {
  billing: 'none' | 'stripe';
  plan: 'none' | 'standard' | 'pro' | 'enterprise';
  status: 'active' | 'past_due' | 'canceled' | 'none' | 'contract';
  graceEndsAt: string | null;
  renewsAt: string | null;
  canSubscribe: boolean;
  canManage: boolean;
  plans: PlanOffer[];
  /** Without a plan: the words of the 402 (what the keys answer, how the account gets a plan); null with one. */
  noPlan: string | null;
}

/** `2026-12-25` from an ISO time. */
const day = (iso: string) => iso.slice(0, 10);

/**
 * The one sentence under the plan: active (and its renewal), past due until a
 * date, canceled, no plan yet (in the 402's words), or set by the operator.
 * @example statusText(billing) // 'Active; renews on 2026-12-25.'
 */
export function statusText(billing: AccountBilling): string {
  switch (billing.status) {
    case 'active':
      return billing.renewsAt ? `Active; renews on ${day(billing.renewsAt)}.` : 'Active.';
    case 'past_due':
      if (billing.plan === 'none')
        return `Payment past due: your API keys answer 402 since ${day(billing.graceEndsAt ?? '')}; update your card with "Manage billing".`;
      return `Payment past due: your keys keep working until ${day(billing.graceEndsAt ?? '')}; update your card with "Manage billing".`;
    case 'canceled':
      return 'Canceled: your API keys answer 402 until you subscribe again.';
    case 'contract':
      return billing.billing === 'stripe'
        ? 'Set by contract with the operator; contact them to change it.'
        : 'This service takes no payment: its operator sets plans; ask them to change yours.';
    default:
      if (billing.billing === 'stripe')
        return 'No paid plan yet: subscribe below to use your API keys (until then they answer 402).';
      return billing.noPlan === null
        ? 'No plan yet.'
        : `${billing.noPlan.charAt(0).toUpperCase()}${billing.noPlan.slice(1)}.`;
  }
}

/**
 * The dashboard's plan section: plan, status, renewal, and Subscribe (a
 * button per plan with its configured price) or Manage billing, each
 * sending the browser to Stripe. Without billing it says that the operator
 * sets plans. After Checkout (`?checkout=complete`) it waits for Stripe's
 * webhook to show the new plan.
 * @example await billingPanel(onPlanChange)
 */
export async function billingPanel(onPlanChange: () => Promise<void>): Promise<void> {
  const status = byId('status');
  const alertBox = byId('alert');
  const go = async (path: string, body?: unknown) => {
    say(alertBox, '');
    try {
      const { url } = await accountApi<{ url: string }>('POST', path, body);
      location.assign(url);
    } catch (error) {
      say(alertBox, failureText(error));
    }
  };
  byId('manage-billing').addEventListener('click', () => void go('/billing/portal'));
  let billing = await render();
  const returned = new URLSearchParams(location.search).get('checkout');
  if (returned === 'canceled') say(status, 'Checkout was canceled; nothing was charged.');
  if (returned === 'complete') {
    if (billing.plan === 'none')
      say(status, 'Thank you: Stripe is confirming your payment; your plan shows here in a few seconds.');
    for (let attempt = 0; attempt < 20 && billing.plan === 'none'; attempt++) {
      await new Promise((resolve) => setTimeout(resolve, 1000));
      billing = await render();
    }
    // Also when the webhook came while the page loaded: the plan and limits shown first may predate it.
    if (billing.plan !== 'none') {
      say(status, `Your plan is now ${PLAN_NAMES[billing.plan]}.`);
      await onPlanChange();
    }
  }

  async function render(): Promise<AccountBilling> {
    const current = await accountApi<AccountBilling>('GET', '/billing');
    setTextWithCode(byId('plan-status'), statusText(current));
    const offers = byId<HTMLUListElement>('plan-offers');
    offers.replaceChildren(
      ...(current.canSubscribe && current.billing === 'stripe' ? current.plans : []).map((offer) => {
        const item = document.createElement('li');
        const button = document.createElement('button');
        button.type = 'button';
        button.textContent = `Subscribe to ${PLAN_NAMES[offer.plan]}`;
        button.addEventListener('click', () => void go('/billing/checkout', { plan: offer.plan }));
        item.append(`${offerText(offer)} `, button);
        return item;
      }),
    );
    offers.hidden = offers.childElementCount === 0;
    byId('manage-billing-row').hidden = !current.canManage;
    return current;
  }
}
