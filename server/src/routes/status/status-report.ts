import type { FastifyInstance } from 'fastify';
import type { StatusHistory } from '../../sla/sla-service.js';
import type { PublishedTerms } from '../../sla/sla-terms.js';

/** A component's state on the status page. */
export type ComponentState = 'operational' | 'degraded' | 'outage' | 'not_used';

/** One component: what it is, its state and why. */
export interface StatusComponent {
  /** Stable id: `api`, `accounts`, `store`, `redis`. */
  id: string;
  /** Its name on the page. */
  name: string;
  state: ComponentState;
  /** A sentence for people. */
  detail: string;
}

/** What /status.json answers and /status shows. */
export interface StatusReport {
  /** ISO time the report was made. */
  generatedAt: string;
  /** The worst state of the components (`not_used` aside). */
  state: Exclude<ComponentState, 'not_used'>;
  components: StatusComponent[];
  /** The store's history (days, incidents, notes), or null while the store cannot be read. */
  history: StatusHistory | null;
  /** The SLA's terms (objectives per plan, credits), from the configuration. */
  terms: PublishedTerms;
}

const ORDER: Record<Exclude<ComponentState, 'not_used'>, number> = { operational: 0, degraded: 1, outage: 2 };

/**
 * The status now, from the readiness checks every instance runs (the store's health, Redis's connection) and the
 * store's history (read at most every 5 s per instance, so every instance shows the same rows).
 * @example const report = await statusReport(app);
 */
export async function statusReport(app: FastifyInstance): Promise<StatusReport> {
  const { store, redis, sla, clock } = app.ussynth;
  const health = await Promise.resolve()
    .then(() => store.health())
    .catch(() => ({ ready: false, detail: 'the store cannot report its health' }));
  const history = await sla.history().catch((error: unknown) => {
    app.log.error({ err: error }, 'status history unavailable');
    return null;
  });
  const recent = history?.recentAvailabilityPercent ?? null;
  const objective = sla.serviceObjective;
  const components: StatusComponent[] = [
    {
      id: 'api',
      name: 'Data API (/v1)',
      state: !health.ready ? 'outage' : recent !== null && recent < objective ? 'degraded' : 'operational',
      detail: !health.ready
        ? 'Requests that need the store are answered 503 until it is back.'
        : recent === null
          ? 'Serving; the recent availability cannot be read.'
          : `${formatPercent(recent)} of the last 5 minutes available (objective ${formatPercent(objective)}).`,
    },
    {
      id: 'accounts',
      name: 'Accounts and dashboard',
      state: health.ready ? 'operational' : 'outage',
      detail: health.ready
        ? 'Sign-in, keys and usage are served.'
        : 'Sign-in and the dashboard need the store; they answer 503 until it is back.',
    },
    {
      id: 'store',
      name: 'Store (keys, usage)',
      state: health.ready ? 'operational' : 'outage',
      detail: health.ready ? 'Ready.' : 'Not ready: requests that need it are answered 503.',
    },
    redis === null
      ? {
          id: 'redis',
          name: 'Redis (shared rate limits)',
          state: 'not_used',
          detail: 'Not used: each instance keeps its own limits.',
        }
      : redis.ready()
        ? { id: 'redis', name: 'Redis (shared rate limits)', state: 'operational', detail: 'Connected.' }
        : {
            id: 'redis',
            name: 'Redis (shared rate limits)',
            state: 'degraded',
            detail: 'Not answering: each instance limits rates on its own until it is back.',
          },
  ];
  let state: StatusReport['state'] = 'operational';
  for (const component of components)
    if (component.state !== 'not_used' && ORDER[component.state] > ORDER[state]) state = component.state;
  if (state === 'operational' && history?.incidents.some((incident) => incident.closedAt === null)) state = 'degraded';
  return { generatedAt: new Date(clock()).toISOString(), state, components, history, terms: sla.terms() };
}

/**
 * A percentage as the page writes it: up to 4 decimals, no trailing zeros.
 * @example formatPercent(99.9) // '99.9 %'
 */
export function formatPercent(value: number): string {
  return `${Number(value.toFixed(4))} %`;
}
