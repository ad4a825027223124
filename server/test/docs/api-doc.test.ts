import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXPOSED_HEADERS } from '../../src/access/cors.js';
import { KEY_CACHE_TTL_MS } from '../../src/access/key-cache.js';
import { loadConfig } from '../../src/config.js';
import { API_VERSION } from '../../src/openapi/versions.js';
import { PROBLEM_CODES, problemSpec, type ProblemCode } from '../../src/error-codes/http-error-codes.js';
import { LOG_BUFFER_BYTES, LOG_FLUSH_MS } from '../../src/observability/log-stream.js';
import { SSO_CACHE_TTL_MS } from '../../src/sso/sso-connection-cache.js';
import { problemSchema } from '../../src/schemas/problem.js';
import { DEFAULT_STORE_PATH } from '../../src/store/default-path.js';
import { MAX_LINE_RECORDS } from '../../src/store/sqlite/usage-journal.js';
import { FOLD_INTERVAL_MS } from '../../src/store/sqlite/usage-ledger.js';
import { TIER_LIMITS } from '../../src/store/tiers.js';
import { startTestServer, type TestServer } from '../test-server.js';

// docs/api.md held to the code, as deploy-doc.test.ts holds docs/deploy.md: the endpoints and their parameters
// against the OpenAPI document the real server serves, the problem codes against the catalogue, the headers and
// RateLimit fields against a real response, the limits against the constants and configuration defaults, the
// environment variables against config.ts and the metrics against a real /metrics.

const doc = readFileSync(new URL('../../../docs/api.md', import.meta.url), 'utf8');
const configSource = readFileSync(new URL('../../src/config.ts', import.meta.url), 'utf8');
const defaults = loadConfig({ USSYNTH_WEB_DIR: '' });

interface Parameter {
  name: string;
  in: string;
  schema: { minimum?: number; maximum?: number; default?: unknown };
}
interface Operation {
  operationId?: string;
  parameters?: Parameter[];
  responses: Record<string, { headers?: Record<string, unknown> }>;
}
let server: TestServer;
let openapi: { paths: Record<string, Record<string, Operation>> };

beforeAll(async () => {
  server = await startTestServer();
  openapi = (await (await server.get('/v1/openapi.json')).json()) as typeof openapi;
});
afterAll(() => server.destroy());

/** The text of a `## heading` section, up to the next heading of the same level. */
function section(heading: string): string {
  const start = doc.indexOf(`\n## ${heading}\n`);
  expect(start, `docs/api.md has a "## ${heading}" section`).toBeGreaterThan(-1);
  const end = doc.indexOf('\n## ', start + 1);
  return doc.slice(start, end < 0 ? undefined : end);
}

/** The paragraph (or list item) of the doc that contains `words`, joined onto one line. */
function paragraph(words: string): string {
  const found = doc.split(/\n(?=\n|- |\| )/).find((part) => part.replace(/\s+/g, ' ').includes(words));
  expect(found, `docs/api.md says "${words}"`).toBeDefined();
  return found!.replace(/\s+/g, ' ');
}

/** The doc's text with line breaks as spaces, for sentences that wrap. */
const flat = doc.replace(/\s+/g, ' ');
const seconds = (ms: number) => `${ms / 1000} s`;
const kib = (bytes: number) => `${bytes / 1024} KiB`;
const thousands = (n: number) => n.toLocaleString('en-US');

/** The data endpoints of the served document: GET paths under /v1 but its own docs. */
function servedEndpoints(): Map<string, Operation> {
  return new Map(
    Object.entries(openapi.paths)
      .filter(
        ([path, item]) =>
          path.startsWith('/v1/') && item.get && path !== '/v1/openapi.json' && !path.startsWith('/v1/docs'),
      )
      .map(([path, item]) => [path, item.get]),
  );
}

/** Rows of the Endpoints table: path -> its cells. */
function endpointRows(): Map<string, string[]> {
  const rows = new Map<string, string[]>();
  for (const line of section('Endpoints').split('\n')) {
    const match = /^\| `(\/v1\/[^`]*)` \|(.*)\|$/.exec(line);
    if (match)
      rows.set(
        match[1],
        match[2].split('|').map((cell) => cell.trim()),
      );
  }
  return rows;
}

describe('docs/api.md', () => {
  it('lists exactly the data endpoints of the OpenAPI document, each with its query parameters', () => {
    const served = servedEndpoints();
    const rows = endpointRows();
    expect(served.size).toBeGreaterThanOrEqual(8);
    expect([...rows.keys()].sort()).toEqual([...served.keys()].sort());
    for (const [path, operation] of served) {
      const query = (operation.parameters ?? []).filter((parameter) => parameter.in === 'query');
      const documented = [...rows.get(path)![0].matchAll(/`([a-z]+)`/g)]
        .map((m) => m[1])
        .filter((word) => word !== 'true' && word !== 'false');
      expect(documented.sort(), path).toEqual(query.map((parameter) => parameter.name).sort());
      // Each range and default the table states is the schema's.
      for (const parameter of query) {
        const cell = rows.get(path)![0];
        const range = new RegExp(`\`${parameter.name}\` \\((\\d+)\\.\\.(\\d+)`).exec(cell);
        if (range)
          expect([Number(range[1]), Number(range[2])], `${path} ${parameter.name}`).toEqual([
            parameter.schema.minimum,
            parameter.schema.maximum,
          ]);
        if (parameter.name === 'count') expect(range, `${path} states count's range`).not.toBeNull();
        if (parameter.schema.default !== undefined)
          expect(cell, `${path} ${parameter.name}`).toMatch(
            new RegExp(`\`${parameter.name}\` \\([^)]*default ${String(parameter.schema.default)}\\**\\)`),
          );
      }
    }
  });

  it('gives operation ids the document has, and its API version', () => {
    const ids = new Set(
      Object.values(openapi.paths).flatMap((item) => Object.values(item).map((operation) => operation.operationId)),
    );
    const named = [...doc.matchAll(/`((?:get|post|put|patch|delete)[A-Z][A-Za-z]*)`/g)].map((m) => m[1]);
    expect(named.length).toBeGreaterThanOrEqual(3);
    for (const id of named) expect(ids, id).toContain(id);
    expect(flat).toContain(`\`info.version\` is the API's version (${API_VERSION}, the`);
  });

  it('names only problem codes the server sends, each with its status', () => {
    // "401 `sso_token_required`", "429 `too_many_auth_failures`": the status the doc gives a code is the code's. The
    // failure cases the API answers are in docs/deploy.md's failure policy (the one failure model), so it counts too.
    const deploy = readFileSync(new URL('../../../docs/deploy.md', import.meta.url), 'utf8').replace(/\s+/g, ' ');
    const stated = [...`${flat} ${deploy}`.matchAll(/\b([1-5]\d\d) `([a-z_]+)`/g)];
    expect(stated.length).toBeGreaterThan(15);
    for (const [, status, code] of stated) {
      expect(PROBLEM_CODES, code).toContain(code);
      expect(problemSpec(code as ProblemCode).status, code).toBe(Number(status));
    }
  });

  it('names only problem codes, problem fields and metrics that exist, in backticks', async () => {
    const metrics = await (await server.get('/metrics')).text();
    const problemFields = Object.keys(problemSchema.properties);
    const words = new Set([...doc.matchAll(/`([a-z]+(?:_[a-z0-9]+)+)`/g)].map((m) => m[1]));
    expect(words.size).toBeGreaterThan(20);
    for (const word of words) {
      if ((PROBLEM_CODES as readonly string[]).includes(word) || problemFields.includes(word)) continue;
      expect(
        metrics,
        `\`${word}\` in docs/api.md is neither a problem code, a field of the problem body nor a metric of /metrics`,
      ).toMatch(new RegExp(`^# TYPE (?:ussynth_)?${word} `, 'm'));
    }
  });

  it('names every header the OpenAPI document gives /v1 responses, and every header CORS exposes', () => {
    const headers = new Set<string>();
    for (const operation of servedEndpoints().values())
      for (const response of Object.values(operation.responses))
        for (const name of Object.keys(response.headers ?? {})) headers.add(name);
    expect([...headers]).toEqual(
      expect.arrayContaining(['X-Request-Id', 'Retry-After', 'RateLimit', 'RateLimit-Policy']),
    );
    for (const name of headers) expect(doc, name).toContain(`\`${name}\``);
    const cors = paragraph('Pages of other origins may call `/v1` (CORS)').toLowerCase();
    for (const name of EXPOSED_HEADERS.split(', ')) expect(cors, name).toContain(`\`${name}\``);
  });

  it('states what a real CORS preflight answers', async () => {
    const response = await fetch(`${server.url}/v1/zip/10001`, {
      method: 'OPTIONS',
      headers: { origin: 'https://page.example', 'access-control-request-method': 'GET' },
    });
    expect(response.status).toBe(204);
    const cors = paragraph('Pages of other origins may call `/v1` (CORS)');
    expect(cors).toContain(
      `is answered ${response.status} for ${response.headers
        .get('access-control-allow-methods')!
        .split(', ')
        .map((method) => `\`${method}\``)
        .join('/')} with the`,
    );
    for (const name of response.headers.get('access-control-allow-headers')!.split(', '))
      expect(cors.toLowerCase(), name).toContain(`\`${name}\``);
    expect(cors).toContain(`may be cached for ${response.headers.get('access-control-max-age')} s`);
  });

  it('shows the RateLimit fields a real response carries', async () => {
    const { key } = await server.key('standard');
    const response = await server.get('/v1/zip/10001', key);
    expect(response.status).toBe(200);
    // The doc's examples with each <placeholder> standing for a number.
    const pattern = (field: string) => {
      const example = new RegExp(`\`${field}: ([^\`]+)\``).exec(flat);
      expect(example, field).not.toBeNull();
      return new RegExp(`^${example![1].replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/<[^>]+>/g, '\\d+')}$`);
    };
    expect(response.headers.get('ratelimit-policy')).toMatch(pattern('RateLimit-Policy'));
    expect(response.headers.get('ratelimit')).toMatch(pattern('RateLimit'));
  });

  it("states the tiers' rates and quotas of the code", () => {
    const tiers = section('Tiers, rate limits, quotas');
    expect(tiers).toContain(
      `| Standard | ${TIER_LIMITS.standard.rate} (${TIER_LIMITS.standard.rate}) | ${thousands(TIER_LIMITS.standard.monthlyQuota)} |`,
    );
    expect(tiers).toContain(
      `| Pro | ${TIER_LIMITS.pro.rate} (${TIER_LIMITS.pro.rate}) | ${thousands(TIER_LIMITS.pro.monthlyQuota)} |`,
    );
    expect(tiers).toContain('| Enterprise | `--rate` | `--monthly-quota` |');
    const failures = paragraph('Failed authentications (any 401) are limited per client address');
    expect(failures).toContain(
      `${defaults.authFailuresPerSecond} per second, a burst of ${defaults.authFailuresPerSecond} (token bucket)`,
    );
    expect(flat).toContain(
      `\`RateLimit-Policy: "burst";q=${TIER_LIMITS.standard.rate};w=1, "monthly";q=${TIER_LIMITS.standard.monthlyQuota};w=`,
    );
  });

  it('states the size caps, timeouts and connection limits of the configuration', () => {
    expect(flat).toContain(
      `413 body over ${kib(defaults.bodyLimit)}, 414 URL over ${defaults.maxUrlLength} characters, 431 head over ${kib(defaults.maxHeaderBytes)}`,
    );
    expect(flat).toContain(
      `Caps: body ${kib(defaults.bodyLimit)}, URL ${defaults.maxUrlLength}, head ${kib(defaults.maxHeaderBytes)}.`,
    );
    expect(flat).toContain(
      `Timeouts: headers ${seconds(defaults.headersTimeoutMs)}, whole request ${seconds(defaults.requestTimeoutMs)}, keep-alive ${seconds(defaults.keepAliveTimeoutMs)}.`,
    );
    const connections = paragraph('Connections (`server/src/connections/connection-guard.ts`)');
    expect(connections).toContain(
      `a connection has at most ${defaults.maxActivePerConnection} responses in the making`,
    );
    expect(connections).toContain(
      `unstarted and uncharged, up to ${defaults.maxWaitingPerConnection}, and the next one is answered 429`,
    );
    expect(connections).toContain(`for more than ${thousands(defaults.maxRecordsPipelined)} records together`);
    expect(connections).toContain(
      `a connection has at most ${thousands(defaults.maxRecordsPerConnection)} records in the making`,
    );
    expect(connections).toContain(`one key at most ${thousands(defaults.maxRecordsPerKey)} over all its connections`);
    expect(connections).toContain(`makes no progress for ${seconds(defaults.stallTimeoutMs)}`);
    expect(flat).toContain(`Connections get ${seconds(defaults.drainTimeoutMs)} to take their responses`);
  });

  it("states the key and SSO caches, the fold interval, the journal's bounds and the log blocks of the code", () => {
    expect(KEY_CACHE_TTL_MS).toBe(1000);
    expect(flat).toContain(
      'Key records are cached for 1 second per instance: a revocation takes effect everywhere within 1 s.',
    );
    expect(FOLD_INTERVAL_MS).toBe(1000);
    expect(flat).toContain('Every second, on `keys list` and on close, the totals are folded');
    expect(flat).toContain(`records within ${thousands(MAX_LINE_RECORDS)} either way`);
    expect(flat).toContain(`a per-account settings cache of ${seconds(SSO_CACHE_TTL_MS)}`);
    expect(flat).toContain(
      `stdout is written in blocks of up to ${LOG_BUFFER_BYTES / 1024} KB (\`server/src/observability/log-stream.ts\``,
    );
    expect(flat).toContain(`${LOG_FLUSH_MS} ms after the first line of a block at the latest, and at exit`);
    expect(flat).toContain(`a \`kill -9\` can lose up to ${LOG_FLUSH_MS} ms of log lines`);
  });

  it('names only environment variables the server reads, with their defaults', () => {
    const read = new Set([...configSource.matchAll(/(?:env\.|')([A-Z][A-Z_]+)(?:'|\b)/g)].map((m) => m[1]));
    const named = new Set([...doc.matchAll(/\b(USSYNTH_[A-Z_]+|LOG_LEVEL|HOST|PORT)\b/g)].map((m) => m[1]));
    expect(named.size).toBeGreaterThanOrEqual(6);
    for (const name of named) expect(read, name).toContain(name);
    expect(flat).toContain(`${defaults.host}:${defaults.port} (\`HOST\`, \`PORT\`)`);
    expect(flat).toContain(`\`./${DEFAULT_STORE_PATH}\` relative to the working directory (\`USSYNTH_DB\`)`);
    expect(flat).toContain(`\`LOG_LEVEL\` (default \`${defaults.logLevel}\`)`);
  });
});
