/**
 * Issue 27's 5 % rule for the request path's small tricks: each trick is
 * timed against the plain code the server now ships, in interleaved rounds
 * (each round times every variant once, the first one rotating), and its
 * saving is set against a whole request (server CPU per request of the
 * embedded store, BENCH_REQUEST_NS, default 46,000 ns: docs/benchmarks.md).
 * A trick stays only if it saves at least 5 % of a request.
 *
 * The trick versions are copies of the code as it was before issue 27 (kept
 * here so the figures can be rerun); the plain ones are the shipped functions
 * where they are exported, else the same expression as the shipped code.
 * Issue 36 added the key cache's plaintext key: the shipped code compares a
 * cached key's later requests with the plaintext that matched its digest
 * (KeyCache.matchesVerified, gone since: under 5 %); the plain version checks the checksum and the
 * SHA-256 digest on every request, as a key's first request does.
 * And the 64 KB block log writer (server/src/log-stream.ts) against pino's
 * own destination, sonic-boom (the package Fastify's pino writes with), with
 * a 16 KB buffer; both write to /dev/null, so the figure is the writers' own
 * cost per line, not the disk's.
 *
 * Issue 36 also re-measured the held tick object (server/src/runtime/tick-shape.ts), which only shows across
 * a process's life: each round runs bench/tick-shape-child.ts once held and once bare, in fresh processes
 * (interleaved, the first rotating), and sets the saving per tick object against a request's ticks
 * (BENCH_TICKS_PER_REQUEST, default 9: counted on `ussynth-server serve` for /v1/zip, docs/benchmarks.md).
 *
 * And the dual value-or-promise path (the request path's isPromise branches, plain since issue 36), in a model of
 * the access layer's steps on two Fastify apps (bench/dual-path-model.ts), by CPU time per injected request.
 *
 * Run: npm run bench:tricks   (BENCH_ROUNDS, default 15; BENCH_CALLS per round, default 200,000;
 *      BENCH_TICK_ROUNDS, default 9; BENCH_ONLY=tick or dual for one of those alone; BENCH_INJECTS, default 10,000)
 * Timed by CPU time; BENCH_REQUEST_NS should be a request's server CPU time from `npm run bench:server` on the same Node.
 */
import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { openSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import * as zlib from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import pino from 'pino';
import { constantTimeEqual } from '../server/src/crypto/constant-time-equal.js';
import { base62Fixed6 } from '../server/src/store/base62.js';
import { bufferedLogStream } from '../server/src/observability/log-stream.js';
import {
  checksumValid,
  digestMatches,
  keyDigest,
  keyShape,
  mintKey,
  type KeyEnvironment,
} from '../server/src/store/api-key.js';
import { dualApp, plainApp } from './dual-path-model.js';
import { median } from './measure.js';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 15);
const CALLS = Number(process.env.BENCH_CALLS ?? 200_000);
const REQUEST_NS = Number(process.env.BENCH_REQUEST_NS ?? 46_000);
const TICK_ROUNDS = Number(process.env.BENCH_TICK_ROUNDS ?? 9);
const TICKS_PER_REQUEST = Number(process.env.BENCH_TICKS_PER_REQUEST ?? 9);
const ONLY = process.env.BENCH_ONLY;
const INJECTS = Number(process.env.BENCH_INJECTS ?? 10_000);

// ---- the tricks as they were (before issue 27) ----

const KEY_LENGTH = 47;

/** The hand-checked key shape. */
function keyShapeByHand(key: string): { id: string; environment: KeyEnvironment } | undefined {
  if (key.length !== KEY_LENGTH || !key.startsWith('uss_') || key.charCodeAt(8) !== 0x5f) return undefined;
  const environment = key.startsWith('live', 4) ? 'live' : key.startsWith('test', 4) ? 'test' : undefined;
  if (environment === undefined) return undefined;
  for (let i = 9; i < KEY_LENGTH; i++) {
    const c = key.charCodeAt(i);
    if (!((c >= 0x30 && c <= 0x39) || (c >= 0x41 && c <= 0x5a) || (c >= 0x61 && c <= 0x7a))) return undefined;
  }
  return { id: key.slice(9, 17), environment };
}

const encoder = new TextEncoder();
const scratch = new Uint8Array(64);

/** The checksum through a scratch buffer encoded into in place. */
function checksumValidScratch(key: string): boolean {
  const body = key.slice(0, -6);
  const bytes =
    body.length <= scratch.length
      ? scratch.subarray(0, encoder.encodeInto(body, scratch).written)
      : encoder.encode(body);
  return base62Fixed6(zlib.crc32(bytes)) === key.slice(-6);
}

/** The hand-written constant-time comparison. */
function sameTextByHand(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let difference = 0;
  for (let i = 0; i < a.length; i++) difference |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return difference === 0;
}

interface Limits {
  rate: number;
  monthlyQuota: number;
}
const POLICIES = new WeakMap<Limits, { windowSeconds: number; text: string }>();

/** The RateLimit-Policy text cached per key record. */
function policyCached(key: Limits, windowSeconds: number): string {
  const cached = POLICIES.get(key);
  if (cached?.windowSeconds === windowSeconds) return cached.text;
  const text = `"burst";q=${key.rate};w=1, "monthly";q=${key.monthlyQuota};w=${windowSeconds}`;
  POLICIES.set(key, { windowSeconds, text });
  return text;
}

const BEARER = /^Bearer +([A-Za-z0-9\-._~+/]+=*)$/i;

/** The Bearer token read without a regex in the usual form (the token's characters checked only on a cache miss). */
function bearerByHand(authorization: string): string | undefined {
  return authorization.startsWith('Bearer ') && authorization.charCodeAt(7) !== 32
    ? authorization.slice(7)
    : BEARER.exec(authorization)?.[1];
}

// ---- the plain versions the server ships (the same expressions where not exported) ----

function policyPlain(key: Limits, windowSeconds: number): string {
  return `"burst";q=${key.rate};w=1, "monthly";q=${key.monthlyQuota};w=${windowSeconds}`;
}

function bearerPlain(authorization: string): string | undefined {
  return BEARER.exec(authorization)?.[1];
}

// ---- inputs: several of each, so no call sees one constant ----

// Flat strings decoded from bytes, as Node's HTTP parser makes header values (mintKey's are concatenations).
const asHeader = (text: string) => Buffer.from(text, 'latin1').toString('latin1');
const keys = Array.from({ length: 64 }, (_, i) => asHeader(mintKey(i % 2 ? 'live' : 'test').key));
// The cached key and the presented one are different strings of equal text, as on a request.
const presented = keys.map(asHeader);
const digests = keys.map((key) => keyDigest(key));
const records: Limits[] = Array.from({ length: 64 }, (_, i) => ({ rate: 10 + i, monthlyQuota: 100_000 * (i + 1) }));
const base64url = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
// About 1 KB, the size of a typical RS256 access token.
const jwts = Array.from({ length: 16 }, (_, n) => {
  const part = (length: number) => Array.from({ length }, (_, i) => base64url[(i * 7 + n * 13) % 64]).join('');
  return asHeader(`Bearer ${part(36)}.${part(600)}.${part(342)}`);
});

// An access line as pino writes it (about 300 bytes), a fresh string per call as each request makes one.
const requestIds = Array.from({ length: 64 }, () => randomUUID());
const logLine = (i: number) =>
  `{"level":30,"time":${1_764_190_000_000 + i},"pid":4242,"hostname":"ussynth-1","reqId":"${requestIds[i & 63]}","msg":"request","method":"GET","url":"/v1/zip/10001","status":200,"ms":0.41,"records":1,"key":"Ab3dE6gH","seed":"${i}"}\n`;
const blockLog = bufferedLogStream(openSync('/dev/null', 'w'), { flushMs: 3_600_000 });
const sonicLog = pino.destination({
  dest: openSync('/dev/null', 'w'),
  minLength: 16 * 1024,
  maxWrite: 64 * 1024,
  sync: true,
});

let sink = 0;
const consume = (value: unknown) => {
  if (value) sink++;
};

interface Pair {
  name: string;
  /** How often the request path runs it. */
  perRequest: string;
  trick: (i: number) => unknown;
  plain: (i: number) => unknown;
}

const pairs: Pair[] = [
  {
    name: 'key shape: by hand / regex',
    perRequest: 'every API request',
    trick: (i) => keyShapeByHand(keys[i & 63]),
    plain: (i) => keyShape(keys[i & 63]),
  },
  {
    name: 'key checksum: scratch buffer / zlib.crc32 on the string',
    perRequest: 'only a key not matched in the cache (its first request each second)',
    trick: (i) => checksumValidScratch(keys[i & 63]),
    plain: (i) => checksumValid(keys[i & 63]),
  },
  {
    name: 'cached key compare: sameText by hand / timingSafeEqual',
    perRequest: 'every API request with a cached key',
    trick: (i) => sameTextByHand(keys[i & 63], presented[i & 63]),
    plain: (i) => constantTimeEqual(keys[i & 63], presented[i & 63]),
  },
  {
    name: 'cached key: plaintext kept, compared in constant time / checksum + SHA-256 digest compared',
    perRequest: 'every API request with a cached key (all but its first each second per instance)',
    trick: (i) => constantTimeEqual(keys[i & 63], presented[i & 63]),
    plain: (i) => checksumValid(presented[i & 63]) && digestMatches(presented[i & 63], digests[i & 63]),
  },
  {
    name: 'RateLimit-Policy: WeakMap / template',
    perRequest: 'every debited API request',
    trick: (i) => policyCached(records[i & 63], 2_592_000),
    plain: (i) => policyPlain(records[i & 63], 2_592_000),
  },
  {
    name: 'log line: 64 KB block writer / sonic-boom (pino.destination, 16 KB)',
    perRequest: 'every request, at the default log level (the access line)',
    trick: (i) => {
      blockLog.stream.write(logLine(i));
      return true;
    },
    plain: (i) => {
      sonicLog.write(logLine(i));
      return true;
    },
  },
  {
    name: 'Bearer (1 KB): by hand / regex',
    perRequest: 'every API request of an SSO account',
    trick: (i) => bearerByHand(jwts[i & 15]),
    plain: (i) => bearerPlain(jwts[i & 15]),
  },
];

/**
 * ns per call of `calls` calls of `run`, by the process's CPU time (user + system) rather than the wall clock: on
 * the shared machine the wall clock also counts the time other processes held the core (issue 36 measured at a
 * load average of 16-22, where wall-clock rounds swung eightfold).
 */
function time(run: (i: number) => unknown, calls: number): number {
  const started = process.cpuUsage();
  for (let i = 0; i < calls; i++) consume(run(i));
  const used = process.cpuUsage(started);
  return ((used.user + used.system) * 1000) / calls;
}

// Both variants must answer the same.
for (const pair of pairs) {
  for (let i = 0; i < 64; i++) {
    if (JSON.stringify(pair.trick(i)) !== JSON.stringify(pair.plain(i)))
      throw new Error(`${pair.name}: the variants disagree on input ${i}`);
  }
}

const fmt = (ns: number) => ns.toFixed(1);
console.log(
  `node ${process.version}, ${ROUNDS} interleaved rounds of ${CALLS.toLocaleString('en-US')} calls per variant, a request = ${REQUEST_NS.toLocaleString('en-US')} ns\n`,
);
console.log(
  '| trick / plain | runs on | trick ns/call (range) | plain ns/call (range) | saving ns, median of rounds (range) | share of a request | verdict |',
);
console.log('|---|---|---|---|---|---|---|');
for (const pair of ONLY === 'tick' || ONLY === 'dual' ? [] : pairs) {
  // Warm-up: both variants optimised before timing.
  time(pair.trick, CALLS);
  time(pair.plain, CALLS);
  const trick: number[] = [];
  const plain: number[] = [];
  const saving: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    let t: number;
    let p: number;
    if (round % 2 === 0) {
      t = time(pair.trick, CALLS);
      p = time(pair.plain, CALLS);
    } else {
      p = time(pair.plain, CALLS);
      t = time(pair.trick, CALLS);
    }
    trick.push(t);
    plain.push(p);
    saving.push(p - t);
  }
  const share = median(saving) / REQUEST_NS;
  const range = (values: number[]) => `${fmt(Math.min(...values))}-${fmt(Math.max(...values))}`;
  console.log(
    `| ${pair.name} | ${pair.perRequest} | ${fmt(median(trick))} (${range(trick)}) | ${fmt(median(plain))} (${range(plain)}) | ${fmt(median(saving))} (${range(saving)}) | ${(share * 100).toFixed(3)} % | ${share >= 0.05 ? 'keep the trick' : 'plain'} |`,
  );
}
if (sink < 0) console.log(sink);

/** One process of the tick object's A/B: CPU ns per stream cycle and tick objects per cycle. */
function tickSide(side: 'held' | 'bare'): { ns: number; ticks: number } {
  const child = fileURLToPath(new URL('tick-shape-child.ts', import.meta.url));
  const out = execFileSync(process.execPath, ['--expose-gc', '--import', 'tsx', child, side], { encoding: 'utf8' })
    .trim()
    .split(' ');
  return { ns: Number(out[0]), ticks: Number(out[1]) };
}

if (ONLY !== 'dual') measureTick();
if (ONLY !== 'tick') await measureDualPath();

function measureTick(): void {
  const held: number[] = [];
  const bare: number[] = [];
  const savingPerTick: number[] = [];
  for (let round = 0; round < TICK_ROUNDS; round++) {
    const [first, second] = round % 2 === 0 ? (['held', 'bare'] as const) : (['bare', 'held'] as const);
    const a = tickSide(first);
    const b = tickSide(second);
    const h = first === 'held' ? a : b;
    const n = first === 'held' ? b : a;
    held.push(h.ns);
    bare.push(n.ns);
    savingPerTick.push((n.ns - h.ns) / h.ticks);
  }
  const tickShare = (median(savingPerTick) * TICKS_PER_REQUEST) / REQUEST_NS;
  const tickRange = (values: number[]) => `${fmt(Math.min(...values))}-${fmt(Math.max(...values))}`;
  console.log(
    `\n| held tick object / none (${TICK_ROUNDS} rounds of fresh processes, ${TICKS_PER_REQUEST} ticks a request) | every request | held ${fmt(median(held))} ns/cycle (${tickRange(held)}) | bare ${fmt(median(bare))} (${tickRange(bare)}) | ${fmt(median(savingPerTick))} ns per tick (${tickRange(savingPerTick)}) | ${(tickShare * 100).toFixed(3)} % | ${tickShare >= 0.05 ? 'keep the trick' : 'plain'} |`,
  );
}

/** CPU ns per request of `count` requests injected into `app` one after another. */
async function injectTime(app: FastifyInstance, count: number): Promise<number> {
  const started = process.cpuUsage();
  for (let i = 0; i < count; i++)
    consume((await app.inject({ method: 'GET', url: '/v1/zip', headers: { 'x-api-key': 'k1' } })).statusCode === 200);
  const used = process.cpuUsage(started);
  return ((used.user + used.system) * 1000) / count;
}

/** The dual value-or-promise path against one async path, in the model of bench/dual-path-model.ts. */
async function measureDualPath(): Promise<void> {
  const dual = dualApp();
  const plain = plainApp();
  await Promise.all([dual.ready(), plain.ready()]);
  for (const app of [dual, plain]) {
    const answer = await app.inject({ method: 'GET', url: '/v1/zip', headers: { 'x-api-key': 'k1' } });
    if (answer.statusCode !== 200 || answer.headers.ratelimit === undefined || JSON.parse(answer.body).zip !== '10001')
      throw new Error(`the model apps disagree: ${answer.statusCode} ${answer.body}`);
  }
  await injectTime(dual, INJECTS);
  await injectTime(plain, INJECTS);
  const trick: number[] = [];
  const plainNs: number[] = [];
  const saving: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    let t: number;
    let p: number;
    if (round % 2 === 0) {
      t = await injectTime(dual, INJECTS);
      p = await injectTime(plain, INJECTS);
    } else {
      p = await injectTime(plain, INJECTS);
      t = await injectTime(dual, INJECTS);
    }
    trick.push(t);
    plainNs.push(p);
    saving.push(p - t);
  }
  const share = median(saving) / REQUEST_NS;
  const range = (values: number[]) => `${fmt(Math.min(...values))}-${fmt(Math.max(...values))}`;
  console.log(
    `\n| dual value-or-promise path / one async path (model: find key, rate limit, debit, durable, send; ${ROUNDS} rounds of ${INJECTS.toLocaleString('en-US')} injected requests) | every API request | ${fmt(median(trick))} (${range(trick)}) | ${fmt(median(plainNs))} (${range(plainNs)}) | ${fmt(median(saving))} (${range(saving)}) | ${(share * 100).toFixed(3)} % | ${share >= 0.05 ? 'keep the trick' : 'plain'} |`,
  );
  await Promise.all([dual.close(), plain.close()]);
}
