/** A plan as GET /account/v1/plans offers it; the price is the configured Stripe Price's, or null. */
export interface PlanOffer {
  plan: 'standard' | 'pro';
  rate: number;
  monthlyQuota: number;
  price: { amount: number; currency: string; interval: string } | null;
}

/** GET /account/v1/plans: how plans are paid for, what a new account gets, and the offers. */
export interface Plans {
  billing: 'none' | 'stripe';
  signUpPlan: 'none' | 'standard' | 'pro';
  plans: PlanOffer[];
}

/** Display names of the plans. */
export const PLAN_NAMES: Readonly<Record<string, string>> = {
  none: 'No plan',
  standard: 'Standard',
  pro: 'Pro',
  enterprise: 'Enterprise',
};

const number = (n: number) => n.toLocaleString('en-US');

/**
 * `$49 a month` from a Price (amount in the currency's smallest unit), or '' when there is none.
 * @example priceText({ amount: 4900, currency: 'usd', interval: 'month' }) // '$49 a month'
 */
export function priceText(price: PlanOffer['price']): string {
  if (price === null) return '';
  const money = new Intl.NumberFormat('en-US', {
    style: 'currency',
    currency: price.currency.toUpperCase(),
    minimumFractionDigits: price.amount % 100 === 0 ? 0 : 2,
  });
  return `${money.format(price.amount / 100)} a ${price.interval}`;
}

/**
 * `Pro: 50 requests per second, 1,000,000 records a month, $49 a month` (the price only when one is taken).
 * @example offerText(offer)
 */
export function offerText(offer: PlanOffer): string {
  const price = priceText(offer.price);
  return `${PLAN_NAMES[offer.plan]}: ${number(offer.rate)} requests per second, ${number(offer.monthlyQuota)} records a month${price ? `, ${price}` : ''}`;
}

/**
 * What the sign-up page says about plans: the prices a payment will take, or the plan a new account gets where the
 * service takes no payment. Never a price that is not configured.
 * @example signUpPlansText(plans)
 */
export function signUpPlansText(plans: Plans): string {
  if (plans.billing === 'stripe') {
    return `Plans: ${plans.plans.map(offerText).join('; ')}. After signing up, subscribe on your dashboard: your API keys work once a plan is paid.`;
  }
  const start = plans.plans.find((offer) => offer.plan === plans.signUpPlan);
  if (start)
    return `Your account starts on the ${offerText(start).replace(':', ' plan:')}. This service takes no payment; its operator sets plans.`;
  return 'This service takes no payment: its operator sets your plan after you sign up (your API keys work once a plan is set).';
}
