/** The account id under which a minute's overall counts are kept (every request that counts, authenticated or not). */
export const OVERALL = 0;

/** Good and bad /v1 requests of one account (or OVERALL) in one minute. */
export interface SliMinute {
  /** Account id, or OVERALL (0). */
  accountId: number;
  /** Epoch ms of the minute's start. */
  minute: number;
  /** Requests answered in time without a 5xx. */
  good: number;
  /** Requests answered 5xx or slower than the threshold. */
  bad: number;
}

/** One instance's counts since its last batch, folded into the store once (by `id`) however often it is retried. */
export interface SliBatch {
  /** Unique per batch (the instance's id and a sequence number). */
  id: string;
  /** Minutes counted, in any order. */
  minutes: SliMinute[];
}

/** What a period's rows add up to: requests, and "bad minutes" (each minute's share of bad requests, summed). */
export interface SliTotals {
  /** Requests that counted. */
  good: number;
  bad: number;
  /** Sum over minutes with traffic of bad / (good + bad): minutes with no traffic add nothing. */
  badMinutes: number;
}

/** One UTC day's overall totals (the status page's bars). */
export interface SliDay extends SliTotals {
  /** Epoch ms of the day's start (UTC). */
  day: number;
}

/** An incident on the status page: opened when the 5-minute availability drops below the objective. */
export interface Incident {
  id: number;
  /** Epoch ms opened. */
  openedAt: number;
  /** Epoch ms closed (recovered), or null while open. */
  closedAt: number | null;
  /** What happened, in a few words. */
  title: string;
}

/** An operator's note on the status page, on an incident or on its own (maintenance, announcements). */
export interface StatusNote {
  id: number;
  /** The incident it is about, or null. */
  incidentId: number | null;
  /** Epoch ms written. */
  at: number;
  text: string;
}

/**
 * The SLA's rows: per-minute good/bad counts, each instance's batches (folded
 * exactly once), Enterprise accounts' contracted objectives, and the status
 * page's incidents and notes. Same on SQLite and PostgreSQL.
 * @example await store.sli.addBatch({ id: 'a1b2-17', minutes: [{ accountId: 0, minute: 1764000000000, good: 90, bad: 1 }] });
 */
export interface SliStore {
  /** Adds the batch's counts unless a batch with its id was added already; true when added now. */
  addBatch(batch: SliBatch): Promise<boolean>;
  /** The totals of an account (or OVERALL) over minutes in [from, to). */
  totals(accountId: number, from: number, to: number): Promise<SliTotals>;
  /** Overall totals per UTC day over [from, to), days with rows only, oldest first. */
  days(from: number, to: number): Promise<SliDay[]>;
  /** An Enterprise account's contracted objective (percent), or null: its plan's. */
  objective(accountId: number): Promise<number | null>;
  /** Sets (or, with null, removes) an account's contracted objective. */
  setObjective(accountId: number, objectivePercent: number | null, now: number): Promise<void>;
  /** Opens an incident unless one is open; the open one either way. */
  openIncident(title: string, now: number): Promise<{ incident: Incident; opened: boolean }>;
  /** Closes the open incident, if any; the one closed, or undefined. */
  closeIncident(now: number): Promise<Incident | undefined>;
  /** Incidents opened since `since` or still open, newest first. */
  incidents(since: number): Promise<Incident[]>;
  /** Adds an operator's note (to the open incident when `incidentId` is 'open'). */
  addNote(text: string, now: number, incidentId: number | 'open' | null): Promise<StatusNote>;
  /** Notes written since `since`, newest first. */
  notes(since: number): Promise<StatusNote[]>;
}
