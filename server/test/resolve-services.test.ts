import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AuthFailureLimit } from '../src/access/auth-failures.js';
import { accountServices, type AccountServices } from '../src/account-services.js';
import { KeyAdmission } from '../src/connections/key-admission.js';
import { AuthThrottle } from '../src/accounts/auth-throttle.js';
import { operatorBilling } from '../src/billing/operator-billing.js';
import { StoreMonthlyQuota } from '../src/limits/monthly-quota.js';
import { TokenBucketLimiter } from '../src/limits/token-bucket.js';
import { outboxMailer } from '../src/mail/outbox-mailer.js';
import { ServiceMetrics } from '../src/observability/metrics.js';
import { resolveServices, type ServiceOptions } from '../src/resolve-services.js';
import { DEFAULT_SLA } from '../src/sla/sla-config.js';
import { SliRecorder } from '../src/sla/sli-recorder.js';
import { SlaService } from '../src/sla/sla-service.js';
import { openSqliteStore } from '../src/store/sqlite/sqlite-store.js';
import type { Store } from '../src/store/store.js';

let dir: string;
let store: Store;
let account: AccountServices;
let given: ServiceOptions;

beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), 'ussynth-services-'));
  const storeFile = join(dir, 'store.sqlite');
  store = await openSqliteStore(storeFile, { ownUsage: true });
  const mailer = outboxMailer(join(dir, 'outbox'), 'ussynth <no-reply@localhost>', () => {});
  account = accountServices({ store, mailer, billing: operatorBilling('none'), throttle: new AuthThrottle(), clock: Date.now, publicUrl: () => 'http://127.0.0.1:3000', storeFile });
  given = { ...account, store, rateLimiter: new TokenBucketLimiter(), quota: new StoreMonthlyQuota(store), clock: Date.now };
});

afterEach(async () => {
  await account.activity.close();
  await store.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('resolveServices', () => {
  it('applies the defaults of what was not given: new metrics, the configured failed-authentication rate, no Redis, key admission, the SLA', () => {
    const services = resolveServices({ authFailuresPerSecond: 7, maxRecordsPerKey: 1000, sla: DEFAULT_SLA }, given);
    expect(services.metrics).toBeInstanceOf(ServiceMetrics);
    expect(services.authFailures).toBeInstanceOf(AuthFailureLimit);
    expect(services.authFailures.perSecond).toBe(7);
    expect(services.redis).toBeNull();
    expect(services.keyAdmission).toBeInstanceOf(KeyAdmission);
    expect(services.sli).toBeInstanceOf(SliRecorder);
    expect(services.sla.terms().objectivePercent.pro).toBe(99.9);
  });

  it('keeps what was given, the same objects, and only the members of AppServices', () => {
    const metrics = new ServiceMetrics();
    const authFailures = new AuthFailureLimit(new TokenBucketLimiter(), 3);
    const redis = { ready: () => true };
    const keyAdmission = new KeyAdmission(10);
    const sli = new SliRecorder(store.sli, { slowMs: 100, counters: metrics, clock: Date.now });
    const sla = new SlaService({ store: store.sli, config: DEFAULT_SLA, clock: Date.now });
    const services = resolveServices({ authFailuresPerSecond: 7, maxRecordsPerKey: 1000, sla: DEFAULT_SLA }, { ...given, metrics, authFailures, redis, keyAdmission, sli, sla });
    const expected: Record<string, unknown> = { ...given, metrics, authFailures, redis, keyAdmission, sli, sla };
    delete expected.secretKey;
    expect(Object.keys(services).sort()).toEqual(Object.keys(expected).sort());
    for (const [name, value] of Object.entries(services)) expect(value, name).toBe(expected[name]);
    // The key cache the account services drop entries from is the one the app reads keys through.
    expect(services.keys).toBe(account.keys);
  });
});
