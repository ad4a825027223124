import { Counter, Gauge, Histogram, Registry } from 'prom-client';

/** What each counter of the service counts (Prometheus HELP text), by name without the `ussynth_` prefix. */
const COUNTERS = {
  auth_failures_throttled_total: 'Failed authentications answered 429 too_many_auth_failures (per-address limit).',
  connections_closed_stalled_total: 'Connections closed because their output made no progress for the stall timeout.',
  pipelined_requests_refused_total:
    'Pipelined requests refused with too_many_pipelined_requests (connection closed after it).',
  records_refunded_total: 'Records given back for responses that never reached their connection.',
  store_errors_total: 'Requests answered 503 because the key or usage store failed.',
  redis_errors_total: 'Redis calls that failed or timed out (the decision was made by the fallback).',
} as const;

/** A counter of the service. */
export type CounterName = keyof typeof COUNTERS;

/** The limits' decisions, counted by kind and outcome. */
export type Decision = 'rate_allowed' | 'rate_refused' | 'quota_granted' | 'quota_refused' | 'subscription_refused';

/** Latency buckets in seconds: the API answers in a few milliseconds; a batch of 1000 in tens. */
const LATENCY_BUCKETS = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5];

/**
 * The service's metrics in Prometheus format through prom-client, one
 * registry per app: requests by route and status and their latency, the
 * limits' decisions, store and Redis errors, whether the limits run on
 * their fallback, and the counters of the store (its `health()`). Counting is
 * a cached child's increment: a few tenths of a microsecond per request.
 * @example metrics.count('store_errors_total'); await metrics.render({ usage_fold_failures_total: 0 }, true)
 */
export class ServiceMetrics {
  private readonly registry = new Registry();
  private readonly counters: Record<CounterName, Counter>;
  private readonly requests: Counter<'route' | 'status'>;
  private readonly latency: Histogram<'route'>;
  private readonly decisions: Counter<'decision'>;
  private readonly fallback: Gauge;
  private readonly ready: Gauge;
  // The store's counters (its health()), each a counter of its own, created on first sight.
  private readonly storeCounters = new Map<string, Counter>();
  // Children by route and status: prom-client's labels() hashes its arguments on every call.
  private readonly requestChildren = new Map<string, { inc(): void }>();
  private readonly latencyChildren = new Map<string, { observe(value: number): void }>();
  private readonly decisionChildren: Record<Decision, { inc(): void }>;
  // The SLA's requests that count (docs/sla.md), good and bad: the same figures the service folds into its store.
  private readonly sliCounts = { good: 0, bad: 0 };

  constructor() {
    const registers = [this.registry];
    this.counters = Object.fromEntries(
      (Object.entries(COUNTERS) as [CounterName, string][]).map(([name, help]) => [
        name,
        new Counter({ name: `ussynth_${name}`, help, registers }),
      ]),
    ) as Record<CounterName, Counter>;
    this.requests = new Counter({
      name: 'ussynth_http_requests_total',
      help: 'HTTP requests answered, by route (its pattern) and status.',
      labelNames: ['route', 'status'],
      registers,
    });
    this.latency = new Histogram({
      name: 'ussynth_http_request_duration_seconds',
      help: 'Time from the request to its response, by route.',
      labelNames: ['route'],
      buckets: LATENCY_BUCKETS,
      registers,
    });
    this.decisions = new Counter({
      name: 'ussynth_limit_decisions_total',
      help: 'Rate-limit, quota and subscription decisions, by outcome.',
      labelNames: ['decision'],
      registers,
    });
    this.fallback = new Gauge({
      name: 'ussynth_limits_fallback',
      help: '1 while the rate limit runs on this instance alone because Redis failed.',
      registers,
    });
    this.ready = new Gauge({
      name: 'ussynth_ready',
      help: '1 when the store can take and keep debits (see /readyz).',
      registers,
    });
    this.decisionChildren = {
      rate_allowed: this.decisions.labels('rate_allowed'),
      rate_refused: this.decisions.labels('rate_refused'),
      quota_granted: this.decisions.labels('quota_granted'),
      quota_refused: this.decisions.labels('quota_refused'),
      subscription_refused: this.decisions.labels('subscription_refused'),
    };
    // Counted in two plain numbers (a labelled child's inc hashes its labels on every call: ~0.5 µs, measured in
    // docs/benchmarks.md) and handed to prom-client when scraped. Both series exist from the start at 0: a series
    // that appears with its first bad request would lose that request to rate().
    const sli = this.sliCounts;
    new Counter({
      name: 'ussynth_sli_requests_total',
      help: '/v1 requests that count for the SLA (docs/sla.md), by result: bad is a 5xx or an answer slower than the threshold.',
      labelNames: ['result'],
      registers,
      collect() {
        this.reset();
        this.inc({ result: 'good' }, sli.good);
        this.inc({ result: 'bad' }, sli.bad);
      },
    });
  }

  /** Counts one /v1 request that counts for the SLA. */
  sli(good: boolean): void {
    if (good) this.sliCounts.good += 1;
    else this.sliCounts.bad += 1;
  }

  /** Adds `by` (default 1) to a counter. */
  count(name: CounterName, by = 1): void {
    this.counters[name].inc(by);
  }

  /** The value of a counter (for tests and the log). */
  async value(name: CounterName): Promise<number> {
    return (await this.counters[name].get()).values[0]?.value ?? 0;
  }

  /** Counts one decision of a limit. */
  decided(decision: Decision): void {
    this.decisionChildren[decision].inc();
  }

  /** Records one answered request: its route pattern (or `unmatched`), status and seconds taken. */
  answered(route: string, status: number, seconds: number): void {
    const key = `${route} ${status}`;
    let requests = this.requestChildren.get(key);
    if (!requests) {
      requests = this.requests.labels(route, String(status));
      this.requestChildren.set(key, requests);
    }
    requests.inc();
    let latency = this.latencyChildren.get(route);
    if (!latency) {
      latency = this.latency.labels(route);
      this.latencyChildren.set(route, latency);
    }
    latency.observe(seconds);
  }

  /** Sets whether the limits run on their local fallback. */
  fallingBack(on: boolean): void {
    this.fallback.set(on ? 1 : 0);
  }

  /**
   * Prometheus text: readiness, the store's counters, and everything above.
   * @example await metrics.render({ usage_fold_failures_total: 2 }, false) // "# HELP ussynth_ready ...\nussynth_ready 0\n..."
   */
  async render(storeCounters: Record<string, number>, ready: boolean): Promise<string> {
    this.ready.set(ready ? 1 : 0);
    for (const [name, value] of Object.entries(storeCounters)) {
      let counter = this.storeCounters.get(name);
      if (!counter) {
        counter = new Counter({ name: `ussynth_${name}`, help: 'Reported by the store.', registers: [this.registry] });
        this.storeCounters.set(name, counter);
      }
      // The store keeps the count: show its value (a counter cannot be set, so from zero).
      counter.reset();
      counter.inc(value);
    }
    return this.registry.metrics();
  }

  /** The content type of `render`'s text. */
  get contentType(): string {
    return this.registry.contentType;
  }
}
