/** What each counter of the service counts (Prometheus HELP text), by name without the `ussynth_` prefix. */
const COUNTERS = {
  auth_failures_throttled_total: 'Failed authentications answered 429 too_many_auth_failures (per-address limit).',
  connections_closed_stalled_total: 'Connections closed because their output made no progress for the stall timeout.',
  pipelined_requests_refused_total: 'Pipelined requests refused with too_many_pipelined_requests (connection closed after it).',
  records_refunded_total: 'Records given back for responses that never reached their connection.',
  store_errors_total: 'Requests answered 503 because the key or usage store failed.',
} as const;

/**
 * A counter of the service.
 * @example const name: CounterName = 'records_refunded_total';
 */
export type CounterName = keyof typeof COUNTERS;

/**
 * The service's own counters, kept per app and shown at /metrics with the
 * store's (Prometheus text format). Counting is a property increment, cheap
 * enough for error paths; nothing on the success path of a request counts.
 * @example metrics.count('store_errors_total'); metrics.render({ usage_fold_failures_total: 0 }, true)
 */
export class ServiceMetrics {
  private readonly values: Record<CounterName, number> = Object.fromEntries(Object.keys(COUNTERS).map((name) => [name, 0])) as Record<CounterName, number>;

  /** Adds `by` (default 1) to a counter. */
  count(name: CounterName, by = 1): void {
    this.values[name] += by;
  }

  /** The value of a counter. */
  value(name: CounterName): number {
    return this.values[name];
  }

  /**
   * Prometheus text: `ussynth_ready` (1 when the store is ready), the
   * service's counters and the store's.
   * @example metrics.render({ usage_fold_failures_total: 2 }, false) // "# HELP ussynth_ready ...\nussynth_ready 0\n..."
   */
  render(storeCounters: Record<string, number>, ready: boolean): string {
    const lines = ['# HELP ussynth_ready 1 when the store can take and keep debits (see /readyz).', '# TYPE ussynth_ready gauge', `ussynth_ready ${ready ? 1 : 0}`];
    const all: [string, number, string][] = [
      ...(Object.entries(this.values) as [CounterName, number][]).map(([name, value]): [string, number, string] => [name, value, COUNTERS[name]]),
      ...Object.entries(storeCounters).map(([name, value]): [string, number, string] => [name, value, 'Reported by the store.']),
    ];
    for (const [name, value, help] of all.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
      lines.push(`# HELP ussynth_${name} ${help}`, `# TYPE ussynth_${name} counter`, `ussynth_${name} ${value}`);
    }
    return lines.join('\n') + '\n';
  }
}
