import {
  SELF_SERVICE_TIERS,
  servingPlan,
  type AccountBilling,
  type Billing,
  type PlanOffer,
  type SelfServiceTier,
} from './billing.js';
import { ProblemError } from '../problem/problem-error.js';
import type { AccountRecord } from '../store/account-store.js';
import { TIER_LIMITS } from '../store/tiers.js';

/**
 * Billing without payment (USSYNTH_BILLING unset or `none`): a new account
 * gets `defaultPlan` (USSYNTH_DEFAULT_PLAN, default `none`), owners never
 * change their own plan, and the operator sets plans with
 * `ussynth-server accounts set ... --tier`. No price is shown, since none is taken.
 * @example const billing = operatorBilling('standard');
 */
export function operatorBilling(defaultPlan: SelfServiceTier | 'none'): Billing {
  const refuse = (): never => {
    throw new ProblemError(
      'forbidden',
      'this service takes no payment: plans are set by the operator (`ussynth-server accounts set ACCOUNT --tier ...`); ask your administrator to change yours',
    );
  };
  return {
    mode: 'none',
    signUpPlan: defaultPlan,
    async offers(): Promise<PlanOffer[]> {
      return SELF_SERVICE_TIERS.map((plan) => ({ plan, ...TIER_LIMITS[plan], price: null }));
    },
    async status(account: AccountRecord, now: number): Promise<AccountBilling> {
      const plan = servingPlan(account, now);
      return {
        plan,
        status: plan === 'none' ? 'none' : 'contract',
        graceEndsAt: null,
        renewsAt: null,
        canSubscribe: false,
        canManage: false,
      };
    },
    checkout: async () => refuse(),
    portal: async () => refuse(),
    async webhook() {
      throw new ProblemError(
        'not_found',
        'billing is not enabled on this service (USSYNTH_BILLING is not "stripe"); no webhook is taken',
      );
    },
  };
}
