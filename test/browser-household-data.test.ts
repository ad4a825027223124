import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGenerator, loadBirthIndex, loadHouseholdData, loadIndex, UssynthError } from '../src/browser.js';
import { DEFAULT_BIRTH_INDEX_PATH, DEFAULT_HOUSEHOLD_DATA_PATH, DEFAULT_INDEX_PATH } from '../src/default-index.js';
import { createGenerator as nodeGenerator } from '../src/index.js';

// ussynth/browser over HTTP, as a page loads its files: the index, the birth index and the household data.
const files: Record<string, Buffer | string> = {
  '/ussynth.idx': readFileSync(DEFAULT_INDEX_PATH),
  '/ussynth-births.idx': readFileSync(DEFAULT_BIRTH_INDEX_PATH),
  '/ussynth-households.json': readFileSync(DEFAULT_HOUSEHOLD_DATA_PATH),
  '/broken-households.json': '{"typeBySize":[]}',
};
let server: Server;
let base: string;

beforeAll(async () => {
  server = createServer((request, response) => {
    const body = files[request.url ?? ''];
    response.writeHead(body === undefined ? 404 : 200).end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('loadHouseholdData (ussynth/browser)', () => {
  it('loads the household data that makes the Node entry point households', async () => {
    const gen = createGenerator({
      index: await loadIndex(`${base}/ussynth.idx`),
      birthIndex: await loadBirthIndex(`${base}/ussynth-births.idx`),
      householdData: await loadHouseholdData(`${base}/ussynth-households.json`),
      seed: 7,
    });
    expect(gen.households({ start: 10, count: 5 })).toEqual(
      nodeGenerator({ seed: 7 }).households({ start: 10, count: 5 }),
    );
  });

  it('names the HTTP status of a missing file, and the problem of a malformed one', async () => {
    await expect(loadHouseholdData(`${base}/missing.json`)).rejects.toThrow(/HTTP 404/);
    const error = await loadHouseholdData(`${base}/broken-households.json`).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UssynthError);
    expect((error as UssynthError).code).toBe('invalid_index_file');
    expect((error as UssynthError).message).toMatch(/typeBySize must be a list of rows/);
  });
});
