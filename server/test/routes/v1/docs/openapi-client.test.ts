import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import openapiTS from 'openapi-typescript';
import { GENERATOR_VERSION } from 'ussynth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_VERSION, SERVER_PACKAGE_VERSION } from '../../../../src/openapi/versions.js';
import { startTestServer, type TestServer } from '../../../test-server.js';

// The document as client generators read it, from the real server: ids, headers and versions, then a real generator
// (openapi-typescript) makes types from it and TypeScript compiles a call against them.
interface Operation {
  operationId?: string;
  responses: Record<string, { headers?: Record<string, { schema?: { type?: string } }> }>;
}
let server: TestServer;
let doc: { info: { version: string; description: string }; paths: Record<string, Record<string, Operation>> };
const TSC = new URL('../../../../../node_modules/typescript/bin/tsc', import.meta.url).pathname;

beforeAll(async () => {
  server = await startTestServer();
  doc = (await (await server.get('/v1/openapi.json')).json()) as typeof doc;
});
afterAll(() => server.destroy());

const operations = () =>
  Object.entries(doc.paths).flatMap(([path, item]) =>
    Object.entries(item).map(([method, operation]) => ({ path, method, operation })),
  );

describe('/v1/openapi.json for client generators', () => {
  it('names every operation with a unique operationId', () => {
    const ids = operations().map(({ operation }) => operation.operationId);
    expect(ids.length).toBeGreaterThanOrEqual(29);
    expect(ids.every((id) => typeof id === 'string' && /^[a-z][A-Za-z0-9]+$/.test(id))).toBe(true);
    expect(new Set(ids).size).toBe(ids.length);
    expect(doc.paths['/v1/batch'].get.operationId).toBe('getBatch');
  });

  it('documents Retry-After and the RateLimit fields where the server sends them', async () => {
    const with429 = operations().filter(({ operation }) => operation.responses['429']);
    expect(with429.length).toBeGreaterThanOrEqual(13);
    for (const { path, operation } of with429) {
      expect(Object.keys(operation.responses['429'].headers ?? {}), path).toContain('Retry-After');
      if (path.startsWith('/v1/'))
        expect(Object.keys(operation.responses['429'].headers ?? {}), path).toEqual(
          expect.arrayContaining(['RateLimit', 'RateLimit-Policy']),
        );
    }
    const ok = doc.paths['/v1/address'].get.responses['200'].headers!;
    expect(Object.keys(ok)).toEqual(
      expect.arrayContaining([
        'RateLimit',
        'RateLimit-Policy',
        'X-Request-Id',
        'X-Ussynth-Seed',
        'X-Ussynth-Generator-Version',
      ]),
    );
    expect(ok['X-Ussynth-Seed'].schema).toEqual({ type: 'string' });
    // And the server does send them, on a real request.
    const { key } = await server.key('standard');
    const response = await server.get('/v1/address', key);
    for (const name of Object.keys(ok)) expect(response.headers.get(name), name).not.toBeNull();
  });

  it("gives the API's version as info.version and names the package and generator versions", () => {
    expect(doc.info.version).toBe(API_VERSION);
    expect(doc.info.description).toContain(`API ${API_VERSION}`);
    expect(doc.info.description).toContain(`ussynth-server ${SERVER_PACKAGE_VERSION}`);
    expect(doc.info.description).toContain(`generator ${GENERATOR_VERSION}`);
  });

  it('generates a TypeScript client with openapi-typescript that compiles a typed call, and refuses a wrong one', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'ussynth-openapi-ts-'));
    try {
      writeFileSync(join(dir, 'api.d.ts'), await openapiTS(doc as never));
      const call = (body: string) =>
        [
          "import type { operations } from './api.js';",
          "type Query = NonNullable<operations['getBatch']['parameters']['query']>;",
          "type Batch = operations['getBatch']['responses'][200]['content']['application/json'];",
          'declare function get<T>(path: string, query: Query): Promise<T>;',
          'export async function firstName(): Promise<string> {',
          body,
          '}',
        ].join('\n');
      const compile = (source: string) => {
        writeFileSync(join(dir, 'call.ts'), source);
        const result = spawnSync(
          process.execPath,
          [
            TSC,
            '--ignoreConfig',
            '--noEmit',
            '--strict',
            '--module',
            'nodenext',
            '--target',
            'es2022',
            '--skipLibCheck',
            join(dir, 'call.ts'),
          ],
          { encoding: 'utf8', cwd: dir },
        );
        return { status: result.status, output: result.stdout + result.stderr };
      };
      expect(
        compile(
          call(
            "  const batch = await get<Batch>('/v1/batch', { count: 5, seed: '42' });\n  return batch.addresses[0].name;",
          ),
        ),
      ).toEqual({ status: 0, output: '' });
      // The types are real: an unknown field does not compile.
      const wrong = compile(
        call("  const batch = await get<Batch>('/v1/batch', { count: 5 });\n  return batch.addresses[0].nickname;"),
      );
      expect(wrong.status).not.toBe(0);
      expect(wrong.output).toMatch(/Property 'nickname' does not exist/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);
});
