import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AuthFailureLimit } from '../src/access/auth-failures.js';
import { compose, type Composition } from '../src/compose.js';
import { loadConfig, type ServerConfig } from '../src/config.js';
import { KeyAdmission } from '../src/connections/key-admission.js';
import { StoreMonthlyQuota } from '../src/limits/monthly-quota.js';
import { TokenBucketLimiter } from '../src/limits/token-bucket.js';
import { outboxMailer } from '../src/mail/outbox-mailer.js';
import { ServiceMetrics } from '../src/observability/metrics.js';
import { DEFAULT_SLA } from '../src/sla/sla-config.js';
import { SliRecorder } from '../src/sla/sli-recorder.js';
import { SlaService } from '../src/sla/sla-service.js';
import { openSqliteStore } from '../src/store/sqlite/sqlite-store.js';
import { linkToken, outboxMails } from './accounts/outbox.js';

/** Every member of AppServices (server/src/services.ts), and nothing else. */
const APP_SERVICES = [
  'accountKeys',
  'activity',
  'authFailures',
  'billing',
  'clock',
  'keyAdmission',
  'keys',
  'metrics',
  'people',
  'plans',
  'quota',
  'quotaNotices',
  'rateLimiter',
  'redis',
  'sla',
  'sli',
  'sso',
  'ssoSignIn',
  'store',
];

let dir: string;
let config: ServerConfig;
let composition: Composition | undefined;
const mailer = () => outboxMailer(join(dir, 'outbox'), 'ussynth <no-reply@localhost>', () => {});

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'ussynth-services-'));
  config = {
    ...loadConfig({ USSYNTH_DB: join(dir, 'store.sqlite'), LOG_LEVEL: 'silent' }),
    authFailuresPerSecond: 7,
    maxRecordsPerKey: 1000,
    sla: DEFAULT_SLA,
  };
});

afterEach(async () => {
  await composition?.close();
  composition = undefined;
  rmSync(dir, { recursive: true, force: true });
});

describe('compose', () => {
  it('applies the defaults of what was not given: new metrics, the configured failed-authentication rate, no Redis, key admission, the SLA', async () => {
    composition = await compose(config, { overrides: { mailer: mailer() } });
    const { services } = composition;
    expect(Object.keys(services).sort()).toEqual(APP_SERVICES);
    expect(services.metrics).toBeInstanceOf(ServiceMetrics);
    expect(services.authFailures).toBeInstanceOf(AuthFailureLimit);
    expect(services.authFailures.perSecond).toBe(7);
    expect(services.redis).toBeNull();
    expect(services.keyAdmission).toBeInstanceOf(KeyAdmission);
    expect(services.sli).toBeInstanceOf(SliRecorder);
    expect(services.sla.terms().objectivePercent.pro).toBe(99.9);
  });

  it('keeps what was given, the same objects, and only the members of AppServices', async () => {
    const store = await openSqliteStore(join(dir, 'given.sqlite'), { ownUsage: true });
    try {
      const metrics = new ServiceMetrics();
      const given = {
        store,
        metrics,
        rateLimiter: new TokenBucketLimiter(),
        quota: new StoreMonthlyQuota(store),
        clock: () => Date.UTC(2026, 10, 23),
        authFailures: new AuthFailureLimit(new TokenBucketLimiter(), 3),
        redis: { ready: () => true },
        keyAdmission: new KeyAdmission(10),
        sli: new SliRecorder(store.sli, { slowMs: 100, counters: metrics, clock: Date.now }),
        sla: new SlaService({ store: store.sli, config: DEFAULT_SLA, clock: Date.now }),
      };
      composition = await compose(config, { overrides: { ...given, mailer: mailer() } });
      const { services } = composition;
      expect(Object.keys(services).sort()).toEqual(APP_SERVICES);
      for (const [name, value] of Object.entries(given)) expect(services[name as keyof typeof given], name).toBe(value);
      await composition.close();
      composition = undefined;
      // What was given stays the caller's: the store is still open after the composition closed.
      expect(await store.findKey('NoSuchKey')).toBeUndefined();
    } finally {
      await store.close();
    }
  });

  it('reads keys through the cache the account services drop entries from: a key revoked in the dashboard is refused at once', async () => {
    composition = await compose(config, { overrides: { mailer: mailer() } });
    // The links in the e-mails carry the URL the server listens on (no USSYNTH_PUBLIC_URL here).
    composition.listening('http://127.0.0.1:3000');
    expect(composition.publicUrl()).toBe('http://127.0.0.1:3000');
    const { people, accountKeys, keys } = composition.services;
    await people.signUp('ada@example.com', 'correct horse battery staple', '10.0.0.1');
    await people.verifyEmail(linkToken(outboxMails(join(dir, 'outbox')).at(-1)!, '/verify-email'));
    const { session } = await people.signIn('ada@example.com', 'correct horse battery staple', '10.0.0.1');
    const { listing } = await accountKeys.createKey(session, 'ci', null);
    const now = Date.now();
    expect((await keys.get(listing.id, now))?.revokedAt).toBeNull();
    // Cached now: only the account services' forget makes the next read see the revocation within the cache's TTL.
    expect(keys.peek(listing.id, now)).toBeDefined();
    await accountKeys.revokeKey(session, listing.id);
    expect(keys.peek(listing.id, now)).toBeUndefined();
    expect((await keys.get(listing.id, now))?.revokedAt).toEqual(expect.any(Number));
  });
});
