import { calendarMonth } from '../limits/calendar-month.js';
import { OVERALL, type Incident, type SliStore, type SliTotals, type StatusNote } from '../store/sli-store.js';
import type { Tier } from '../store/tiers.js';
import type { SlaConfig } from './sla-config.js';
import {
  creditPercent,
  creditSteps,
  publishedTerms,
  type PublishedTerms,
  type ResolvedCreditStep,
} from './sla-terms.js';
import { SLI_FLUSH_MS } from './sli-recorder.js';

const MINUTE_MS = 60_000;
const DAY_MS = 86_400_000;
/** Days of history on the status page. */
export const STATUS_DAYS = 90;
/** The status page's figures are read from the store at most this often per instance. */
export const STATUS_CACHE_MS = 5000;
/** How often each instance looks at the last 5 minutes to open or close an incident. */
export const INCIDENT_CHECK_MS = 15_000;
/** The window whose availability opens and closes incidents. */
export const INCIDENT_WINDOW_MINUTES = 5;

/** A month's measured availability for an account, with its objective and the credit owed. */
export interface MonthSla {
  /** `YYYY-MM` (UTC). */
  period: string;
  /** ISO start of the month. */
  from: string;
  /** ISO end of what was measured (now, for the current month). */
  to: string;
  /** Requests that counted. */
  goodRequests: number;
  badRequests: number;
  /** Availability in percent (4 decimals): 100 less the bad minutes' share of the minutes measured. */
  availabilityPercent: number;
  /** Credit owed, percent of the month's fee (0: objective met). */
  creditPercent: number;
}

/** An account's SLA as the dashboard and GET /v1/sla show it. */
export interface AccountSla {
  /** The objective of the account's plan (or its contract), percent per month. */
  objectivePercent: number;
  /** The credit schedule for that objective. */
  credits: ResolvedCreditStep[];
  /** This month so far. */
  month: MonthSla;
  /** The month before (for claims). */
  previousMonth: MonthSla;
}

/** One day's bar on the status page. */
export interface StatusDay {
  /** `YYYY-MM-DD` (UTC). */
  date: string;
  /** Availability in percent (4 decimals), or null on a day without a request counted (nothing was measured). */
  availabilityPercent: number | null;
  /** Requests that counted: only when the operator publishes them (USSYNTH_STATUS_REQUEST_COUNTS=show). */
  requests?: number;
  /**
   * Colour class: `ok` at or above the objective, `degraded` below it, `major` below 99 % (or the objective, if
   * lower), `no_data` on a day without a request counted (before the store existed, or a day nobody called the API).
   */
  level: 'ok' | 'degraded' | 'major' | 'no_data';
}

/** The store's side of the status page (the same from any instance), cached a few seconds. */
export interface StatusHistory {
  /** The objective the page measures against (the highest of Standard's and Pro's). */
  objectivePercent: number;
  /** Availability over the last 5 complete minutes, percent. */
  recentAvailabilityPercent: number;
  /** The last 90 days, oldest first. */
  days: StatusDay[];
  /** Incidents of the last 90 days and any still open, newest first, each with its notes. */
  incidents: (Incident & { notes: StatusNote[] })[];
  /** Operator notes not about an incident (maintenance, announcements) of the last 90 days, newest first. */
  notes: StatusNote[];
}

/**
 * The SLA from the store's rows: an account's month (availability, objective,
 * credit), the status page's history (cached 5 s per instance), and the
 * incident watch each instance runs every 15 s (opening one when the last 5
 * minutes' availability is below the objective, closing it on recovery; the
 * store keeps at most one open, so several instances agree).
 * @example const sla = new SlaService({ store: store.sli, config: config.sla, clock: Date.now }); await sla.accountMonth(7, 'pro');
 */
export class SlaService {
  private cached: { at: number; history: Promise<StatusHistory> } | undefined;
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly deps: {
      store: SliStore;
      config: SlaConfig;
      clock: () => number;
      onError?: (what: string, error: unknown) => void;
    },
  ) {}

  /** The test-only fault switch's file (USSYNTH_TEST_FAULT_FILE; never set in production), or null. */
  get faultFile(): string | null {
    return this.deps.config.faultFile;
  }

  /** The terms as configured (objectives, credits, threshold), for the pages and the API. */
  terms(): PublishedTerms {
    return publishedTerms(this.deps.config);
  }

  /** The public objective of the service as a whole (the status page's): the highest of Standard's and Pro's. */
  get serviceObjective(): number {
    const { objectivePercent } = this.deps.config;
    return Math.max(objectivePercent.standard, objectivePercent.pro);
  }

  /** The objective of an account: its contract's (Enterprise, set by the operator), else its plan's. */
  async objectiveOf(accountId: number, tier: Tier): Promise<number> {
    const contracted = tier === 'enterprise' ? await this.deps.store.objective(accountId) : null;
    return contracted ?? this.deps.config.objectivePercent[tier];
  }

  /** The account's SLA: this month so far and the month before, its objective and credits. */
  async accountSla(accountId: number, tier: Tier): Promise<AccountSla> {
    const now = this.deps.clock();
    const objectivePercent = await this.objectiveOf(accountId, tier);
    const current = calendarMonth(now);
    const previous = calendarMonth(current.startMs - 1);
    const [month, previousMonth] = await Promise.all([
      this.month(accountId, objectivePercent, current.startMs, now),
      this.month(accountId, objectivePercent, previous.startMs, previous.endMs),
    ]);
    return { objectivePercent, credits: creditSteps(this.deps.config, objectivePercent), month, previousMonth };
  }

  /** The measured month of an account (or OVERALL) from `from` to `to` (the month's end, or now). */
  async month(accountId: number, objectivePercent: number, from: number, to: number): Promise<MonthSla> {
    const totals = await this.deps.store.totals(accountId, from, to);
    const availability = availabilityOf(totals, minutesBetween(from, to));
    return {
      period: calendarMonth(from).period,
      from: new Date(from).toISOString(),
      to: new Date(to).toISOString(),
      goodRequests: totals.good,
      badRequests: totals.bad,
      availabilityPercent: percent(availability),
      creditPercent: creditPercent(this.deps.config, objectivePercent, availability),
    };
  }

  /** The status page's history, read from the store at most every 5 s by this instance (a failure too). */
  history(): Promise<StatusHistory> {
    const now = this.deps.clock();
    if (this.cached && now - this.cached.at < STATUS_CACHE_MS && now >= this.cached.at) return this.cached.history;
    const history = this.readHistory(now);
    this.cached = { at: now, history };
    // A failed read (the store is down) is kept for the 5 s too: an outage's crowd of readers costs the store one try.
    history.catch(() => {});
    return history;
  }

  /** Where a failed incident check is reported (the server's log). */
  reportErrors(onError: (what: string, error: unknown) => void): void {
    this.deps.onError = onError;
  }

  /** Starts the incident watch (every 15 s, unref'd). */
  watchIncidents(): void {
    this.timer ??= setInterval(() => {
      this.checkIncidents().catch((error: unknown) => this.deps.onError?.('incident watch', error));
    }, INCIDENT_CHECK_MS);
    this.timer.unref();
  }

  /** Stops the incident watch. */
  close(): void {
    clearInterval(this.timer);
    this.timer = undefined;
  }

  /**
   * Opens an incident when the last 5 complete minutes' availability is below the objective, closes the open one when
   * it is back at or above it. Skipped in a minute's first 10 s, when other instances may not have folded its last
   * seconds yet. Returns what it did.
   */
  async checkIncidents(): Promise<'opened' | 'closed' | 'unchanged' | 'waiting'> {
    const now = this.deps.clock();
    const minute = now - (now % MINUTE_MS);
    if (now - minute < 2 * SLI_FLUSH_MS) return 'waiting';
    const from = minute - INCIDENT_WINDOW_MINUTES * MINUTE_MS;
    const availability = availabilityOf(await this.deps.store.totals(OVERALL, from, minute), INCIDENT_WINDOW_MINUTES);
    const objective = this.serviceObjective;
    if (percent(availability) < objective) {
      const title = `Elevated errors on the API: ${percent(availability)} % of the last ${INCIDENT_WINDOW_MINUTES} minutes available (objective ${objective} %)`;
      const { opened } = await this.deps.store.openIncident(title, now);
      return opened ? 'opened' : 'unchanged';
    }
    return (await this.deps.store.closeIncident(now)) ? 'closed' : 'unchanged';
  }

  private async readHistory(now: number): Promise<StatusHistory> {
    const objectivePercent = this.serviceObjective;
    const today = now - (now % DAY_MS);
    const first = today - (STATUS_DAYS - 1) * DAY_MS;
    const minute = now - (now % MINUTE_MS);
    const [rows, recent, incidents, notes] = await Promise.all([
      this.deps.store.days(first, now + MINUTE_MS),
      this.deps.store.totals(OVERALL, minute - INCIDENT_WINDOW_MINUTES * MINUTE_MS, minute),
      this.deps.store.incidents(first),
      this.deps.store.notes(first),
    ]);
    const byDay = new Map(rows.map((row) => [row.day, row]));
    const days: StatusDay[] = [];
    for (let day = first; day <= today; day += DAY_MS) {
      const row = byDay.get(day);
      const date = new Date(day).toISOString().slice(0, 10);
      // A day without rows measured nothing: showing it as 100 % would claim uptime nobody observed (as public
      // status pages do, it is "no data").
      if (!row || row.good + row.bad === 0) {
        const empty: StatusDay = { date, availabilityPercent: null, level: 'no_data' };
        if (this.deps.config.statusRequestCounts) empty.requests = 0;
        days.push(empty);
        continue;
      }
      const minutes = day === today ? Math.max(1, minutesBetween(day, now)) : 1440;
      const availability = percent(availabilityOf(row, minutes));
      const shown: StatusDay = {
        date,
        availabilityPercent: availability,
        level: levelOf(availability, objectivePercent),
      };
      // A day's traffic is the operator's business figure: published only when chosen (docs/sla.md).
      if (this.deps.config.statusRequestCounts) shown.requests = row.good + row.bad;
      days.push(shown);
    }
    return {
      objectivePercent,
      recentAvailabilityPercent: percent(availabilityOf(recent, INCIDENT_WINDOW_MINUTES)),
      days,
      incidents: incidents.map((incident) => ({
        ...incident,
        notes: notes.filter((note) => note.incidentId === incident.id),
      })),
      notes: notes.filter((note) => note.incidentId === null),
    };
  }
}

/**
 * Availability (0..1) of a period of `minutes` minutes: each minute's share of bad requests is a bad share of that
 * minute; minutes without requests are not bad.
 * @example availabilityOf({ good: 0, bad: 60, badMinutes: 1 }, 1440) // 0.99930...
 */
export function availabilityOf(totals: SliTotals, minutes: number): number {
  if (minutes <= 0) return 1;
  return Math.max(0, 1 - totals.badMinutes / minutes);
}

/** Whole minutes from `from` to `to`, a started minute counting whole (at least 1). */
function minutesBetween(from: number, to: number): number {
  return Math.max(1, Math.ceil((to - from) / MINUTE_MS));
}

/** A fraction as a percentage with 4 decimals (99.9306). */
function percent(fraction: number): number {
  return Math.round(fraction * 1e6) / 1e4;
}

function levelOf(availabilityPercent: number, objectivePercent: number): Exclude<StatusDay['level'], 'no_data'> {
  if (availabilityPercent >= objectivePercent) return 'ok';
  return availabilityPercent >= Math.min(99, objectivePercent) ? 'degraded' : 'major';
}
