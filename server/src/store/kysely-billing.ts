import type { Kysely, Selectable } from 'kysely';
import type {
  BillingCustomer,
  BillingEventContext,
  BillingEventEffect,
  BillingEventRecord,
  BillingStore,
} from './billing-store.js';
import { recordPlanChange, toAccount } from './kysely-accounts.js';
import type { BillingCustomerTable, StoreDatabase } from './store-schema.js';

/**
 * The billing side of a store in Kysely queries that SQLite and PostgreSQL
 * both run. An event's id is inserted first in its transaction: two
 * instances given the same event wait on the same key, and the second finds
 * it applied; then the account's row is locked, so different events of one
 * account apply one after the other.
 * @example const billing = new KyselyBilling(db); await billing.findCustomer(7);
 */
export class KyselyBilling implements BillingStore {
  constructor(private readonly db: Kysely<StoreDatabase>) {}

  async findCustomer(accountId: number): Promise<BillingCustomer | undefined> {
    const row = await this.db
      .selectFrom('billing_customers')
      .selectAll()
      .where('account_id', '=', accountId)
      .executeTakeFirst();
    return row && toCustomer(row);
  }

  async planSetByOperator(accountId: number): Promise<boolean> {
    return isOperatorPlan(await lastPlanChange(this.db, accountId));
  }

  async accountOfCustomer(customerId: string): Promise<number | undefined> {
    const row = await this.db
      .selectFrom('billing_customers')
      .select('account_id')
      .where('customer_id', '=', customerId)
      .executeTakeFirst();
    return row?.account_id;
  }

  async linkCustomer(accountId: number, customerId: string, at: number): Promise<string> {
    const values = {
      account_id: accountId,
      customer_id: customerId,
      subscription_id: null,
      status: null,
      price_id: null,
      current_period_end: null,
      past_due_since: null,
      updated_at: at,
    };
    await this.db
      .insertInto('billing_customers')
      .values(values)
      .onConflict((oc) => oc.column('account_id').doNothing())
      .execute();
    const row = await this.db
      .selectFrom('billing_customers')
      .select('customer_id')
      .where('account_id', '=', accountId)
      .executeTakeFirstOrThrow();
    return row.customer_id;
  }

  async applyEvent(
    event: BillingEventRecord,
    accountId: number,
    decide: (context: BillingEventContext) => BillingEventEffect,
  ): Promise<{ applied: boolean; outcome: string }> {
    return this.db.transaction().execute(async (tx) => {
      const inserted = await tx
        .insertInto('billing_events')
        .values({
          event_id: event.id,
          type: event.type,
          account_id: accountId,
          outcome: 'pending',
          received_at: event.at,
        })
        .onConflict((oc) => oc.column('event_id').doNothing())
        .returning('event_id')
        .executeTakeFirst();
      if (!inserted) {
        const seen = await tx
          .selectFrom('billing_events')
          .select('outcome')
          .where('event_id', '=', event.id)
          .executeTakeFirst();
        return { applied: false, outcome: seen?.outcome ?? 'duplicate' };
      }
      // A no-op write locks the account's row until commit (PostgreSQL; SQLite holds its one write lock): events of
      // one account applied at once on several instances take turns, each reading what the one before wrote.
      await tx
        .updateTable('accounts')
        .set((eb) => ({ tier: eb.ref('tier') }))
        .where('id', '=', accountId)
        .execute();
      const account = await tx
        .selectFrom('accounts')
        .selectAll()
        .where('id', '=', accountId)
        .where('deleted_at', 'is', null)
        .executeTakeFirst();
      const customerRow = await tx
        .selectFrom('billing_customers')
        .selectAll()
        .where('account_id', '=', accountId)
        .executeTakeFirst();
      const context: BillingEventContext = {
        account: account && toAccount(account),
        customer: customerRow && toCustomer(customerRow),
        operatorPlan: isOperatorPlan(await lastPlanChange(tx, accountId)),
      };
      const effect = decide(context);
      if (effect.customer) {
        const values = { ...fromCustomer(effect.customer), updated_at: event.at };
        await tx
          .insertInto('billing_customers')
          .values(values)
          .onConflict((oc) => oc.column('account_id').doUpdateSet(values))
          .execute();
      }
      if (effect.plan) await recordPlanChange(tx, accountId, effect.plan);
      await tx
        .updateTable('billing_events')
        .set({ outcome: effect.outcome })
        .where('event_id', '=', event.id)
        .execute();
      return { applied: true, outcome: effect.outcome };
    });
  }
}

function lastPlanChange(
  db: Kysely<StoreDatabase>,
  accountId: number,
): Promise<{ tier: string; approved_by: string } | undefined> {
  return db
    .selectFrom('plan_changes')
    .select(['tier', 'approved_by'])
    .where('account_id', '=', accountId)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
}

// `ussynth-server accounts set ... --tier none` hands the account back to self-service.
function isOperatorPlan(last: { tier: string; approved_by: string } | undefined): boolean {
  return last !== undefined && last.approved_by === 'operator' && last.tier !== 'none';
}

function toCustomer(row: Selectable<BillingCustomerTable>): BillingCustomer {
  const ms = (value: number | null) => (value === null ? null : Number(value));
  return {
    accountId: row.account_id,
    customerId: row.customer_id,
    subscriptionId: row.subscription_id,
    status: row.status,
    priceId: row.price_id,
    currentPeriodEnd: ms(row.current_period_end),
    pastDueSince: ms(row.past_due_since),
    updatedAt: Number(row.updated_at),
  };
}

function fromCustomer(customer: Omit<BillingCustomer, 'updatedAt'>): Omit<BillingCustomerTable, 'updated_at'> {
  return {
    account_id: customer.accountId,
    customer_id: customer.customerId,
    subscription_id: customer.subscriptionId,
    status: customer.status,
    price_id: customer.priceId,
    current_period_end: customer.currentPeriodEnd,
    past_due_since: customer.pastDueSince,
  };
}
