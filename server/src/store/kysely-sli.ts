import { sql, type Generated, type Kysely } from 'kysely';
import type { Incident, SliBatch, SliDay, SliStore, SliTotals, StatusNote } from './sli-store.js';
import type { StoreDatabase } from './store-schema.js';

/** `sli_minutes`: good and bad /v1 requests per account (0: overall) and minute (epoch ms of its start). */
interface SliMinuteTable {
  account_id: number;
  minute: number;
  good: number;
  bad: number;
}

/** The SLA's tables (migration 0007_sla on SQLite, 0005_sla on PostgreSQL: store/migrations/0007-sla.ts). */
type SliTables = {
  sli_minutes: SliMinuteTable;
  /** Batches folded, by id: a batch retried after a lost answer is not counted twice. */
  sli_batches: { batch_id: string; folded_at: number };
  sla_objectives: { account_id: number; objective_percent: string; updated_at: number };
  status_incidents: { id: Generated<number>; opened_at: number; closed_at: number | null; title: string };
  status_notes: { id: Generated<number>; incident_id: number | null; at: number; text: string };
};

const DAY_MS = 86_400_000;
/** Batch ids are kept this long: an instance retries a batch for seconds, not days. */
const BATCH_ID_KEEP_MS = 2 * DAY_MS;
/** Rows per INSERT (SQLite allows 32766 parameters; 4 per row). */
const ROWS_PER_INSERT = 1000;

/**
 * The SLA's rows in Kysely queries that SQLite and PostgreSQL both run. A
 * batch's id is inserted first in its transaction, so a batch is added once
 * across the fleet however often it is retried; its rows are added in one
 * order (account, minute) so two instances folding the same minutes at once
 * wait on each other instead of deadlocking.
 * @example const sli = new KyselySli(db); await sli.totals(0, monthStart, Date.now());
 */
export class KyselySli implements SliStore {
  private readonly db: Kysely<SliTables>;

  constructor(db: Kysely<StoreDatabase>) {
    this.db = db.withTables<SliTables>() as unknown as Kysely<SliTables>;
  }

  async addBatch(batch: SliBatch): Promise<boolean> {
    const rows = batch.minutes
      .filter((m) => m.good + m.bad > 0)
      .map((m) => ({ account_id: m.accountId, minute: m.minute, good: m.good, bad: m.bad }))
      .sort((a, b) => a.account_id - b.account_id || a.minute - b.minute);
    const now = Date.now();
    return this.db.transaction().execute(async (tx) => {
      const inserted = await tx
        .insertInto('sli_batches')
        .values({ batch_id: batch.id, folded_at: now })
        .onConflict((oc) => oc.column('batch_id').doNothing())
        .returning('batch_id')
        .executeTakeFirst();
      if (!inserted) return false;
      for (let i = 0; i < rows.length; i += ROWS_PER_INSERT) {
        await tx
          .insertInto('sli_minutes')
          .values(rows.slice(i, i + ROWS_PER_INSERT))
          .onConflict((oc) =>
            oc.columns(['account_id', 'minute']).doUpdateSet({
              good: sql`sli_minutes.good + excluded.good`,
              bad: sql`sli_minutes.bad + excluded.bad`,
            }),
          )
          .execute();
      }
      await tx
        .deleteFrom('sli_batches')
        .where('folded_at', '<', now - BATCH_ID_KEEP_MS)
        .execute();
      return true;
    });
  }

  async totals(accountId: number, from: number, to: number): Promise<SliTotals> {
    const row = await this.db
      .selectFrom('sli_minutes')
      .select([
        sql<string>`coalesce(sum(good), 0)`.as('good'),
        sql<string>`coalesce(sum(bad), 0)`.as('bad'),
        sql<string>`coalesce(sum(bad * 1.0 / (good + bad)), 0)`.as('bad_minutes'),
      ])
      .where('account_id', '=', accountId)
      .where('minute', '>=', from)
      .where('minute', '<', to)
      .where(sql<boolean>`good + bad > 0`)
      .executeTakeFirstOrThrow();
    return { good: Number(row.good), bad: Number(row.bad), badMinutes: Number(row.bad_minutes) };
  }

  async days(from: number, to: number): Promise<SliDay[]> {
    const day = sql<string>`minute / ${sql.lit(DAY_MS)}`;
    const rows = await this.db
      .selectFrom('sli_minutes')
      .select([
        day.as('day'),
        sql<string>`sum(good)`.as('good'),
        sql<string>`sum(bad)`.as('bad'),
        sql<string>`sum(bad * 1.0 / (good + bad))`.as('bad_minutes'),
      ])
      .where('account_id', '=', 0)
      .where('minute', '>=', from)
      .where('minute', '<', to)
      .where(sql<boolean>`good + bad > 0`)
      .groupBy(day)
      .orderBy(day)
      .execute();
    return rows.map((row) => ({
      day: Number(row.day) * DAY_MS,
      good: Number(row.good),
      bad: Number(row.bad),
      badMinutes: Number(row.bad_minutes),
    }));
  }

  async objective(accountId: number): Promise<number | null> {
    const row = await this.db
      .selectFrom('sla_objectives')
      .select('objective_percent')
      .where('account_id', '=', accountId)
      .executeTakeFirst();
    return row ? Number(row.objective_percent) : null;
  }

  async setObjective(accountId: number, objectivePercent: number | null, now: number): Promise<void> {
    if (objectivePercent === null) {
      await this.db.deleteFrom('sla_objectives').where('account_id', '=', accountId).execute();
      return;
    }
    const values = { account_id: accountId, objective_percent: String(objectivePercent), updated_at: now };
    await this.db
      .insertInto('sla_objectives')
      .values(values)
      .onConflict((oc) =>
        oc.column('account_id').doUpdateSet({ objective_percent: values.objective_percent, updated_at: now }),
      )
      .execute();
  }

  async openIncident(title: string, now: number): Promise<{ incident: Incident; opened: boolean }> {
    // The partial unique index lets one incident be open: the second instance to see the drop inserts nothing.
    const inserted = await this.db
      .insertInto('status_incidents')
      .values({ opened_at: now, closed_at: null, title })
      .onConflict((oc) => oc.doNothing())
      .returningAll()
      .executeTakeFirst();
    if (inserted) return { incident: toIncident(inserted), opened: true };
    const open = await this.db
      .selectFrom('status_incidents')
      .selectAll()
      .where('closed_at', 'is', null)
      .executeTakeFirstOrThrow();
    return { incident: toIncident(open), opened: false };
  }

  async closeIncident(now: number): Promise<Incident | undefined> {
    const row = await this.db
      .updateTable('status_incidents')
      .set({ closed_at: now })
      .where('closed_at', 'is', null)
      .returningAll()
      .executeTakeFirst();
    return row && toIncident(row);
  }

  async incidents(since: number): Promise<Incident[]> {
    const rows = await this.db
      .selectFrom('status_incidents')
      .selectAll()
      .where((eb) => eb.or([eb('opened_at', '>=', since), eb('closed_at', 'is', null), eb('closed_at', '>=', since)]))
      .orderBy('opened_at', 'desc')
      .orderBy('id', 'desc')
      .execute();
    return rows.map(toIncident);
  }

  async addNote(text: string, now: number, incidentId: number | 'open' | null): Promise<StatusNote> {
    let incident: number | null = null;
    if (incidentId === 'open') {
      const open = await this.db
        .selectFrom('status_incidents')
        .select('id')
        .where('closed_at', 'is', null)
        .executeTakeFirst();
      incident = open?.id ?? null;
    } else incident = incidentId;
    const row = await this.db
      .insertInto('status_notes')
      .values({ incident_id: incident, at: now, text })
      .returningAll()
      .executeTakeFirstOrThrow();
    return toNote(row);
  }

  async notes(since: number): Promise<StatusNote[]> {
    const rows = await this.db
      .selectFrom('status_notes')
      .selectAll()
      .where('at', '>=', since)
      .orderBy('at', 'desc')
      .orderBy('id', 'desc')
      .execute();
    return rows.map(toNote);
  }
}

function toIncident(row: { id: number; opened_at: number; closed_at: number | null; title: string }): Incident {
  return {
    id: Number(row.id),
    openedAt: Number(row.opened_at),
    closedAt: row.closed_at === null ? null : Number(row.closed_at),
    title: row.title,
  };
}

function toNote(row: { id: number; incident_id: number | null; at: number; text: string }): StatusNote {
  return {
    id: Number(row.id),
    incidentId: row.incident_id === null ? null : Number(row.incident_id),
    at: Number(row.at),
    text: row.text,
  };
}
