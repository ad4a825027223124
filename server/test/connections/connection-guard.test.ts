import { readFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { calendarMonth } from '../../src/limits/calendar-month.js';
import { pacedConnection, parseResponses, pipelined, type RawResponse } from '../raw-http.js';
import { keysCreate, killServers, serve, serverEnv, usedBy, waitFor } from '../serve-process.js';
import { startTestServer } from '../test-server.js';

const dir = mkdtempSync(join(tmpdir(), 'ussynth-connections-'));
afterAll(() => {
  killServers();
  rmSync(dir, { recursive: true, force: true });
});

/** Resident memory of a process in MB, from Linux's /proc. */
function rssMb(pid: number): number {
  return Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))![1]) / 1024;
}

/**
 * A process's resident memory at rest, in MB: the median of five samples 50 ms apart, so that one sample taken
 * while a collection has just grown or shrunk the heap does not become the baseline the memory bounds count from.
 */
async function restingRssMb(pid: number): Promise<number> {
  const samples: number[] = [];
  for (let i = 0; i < 5; i++) {
    if (i > 0) await new Promise((resolve) => setTimeout(resolve, 50));
    samples.push(rssMb(pid));
  }
  return samples.sort((a, b) => a - b)[2];
}

/** Whether the server's end of a loopback connection has read everything sent to it (its receive queue is empty). */
function serverHasRead(serverPort: number, clientPort: number): boolean {
  const hex = (port: number) => port.toString(16).toUpperCase().padStart(4, '0');
  const line = readFileSync('/proc/net/tcp', 'utf8')
    .split('\n')
    .map((row) => row.trim().split(/\s+/))
    .find((fields) => fields[1]?.endsWith(`:${hex(serverPort)}`) && fields[2]?.endsWith(`:${hex(clientPort)}`));
  return line !== undefined && line[4].split(':')[1] === '00000000';
}

/** Complete 200 bodies, and that every other response is a complete problem+json with one of `codes`. */
function tally(responses: RawResponse[], codes: string[]): { served: number; others: string[] } {
  const served = responses.filter((r) => r.status === 200 && r.complete).length;
  const others = responses
    .filter((r) => r.status !== 200 || !r.complete)
    .filter(
      (r) =>
        !(
          r.complete &&
          r.headers['content-type']?.startsWith('application/problem+json') &&
          codes.includes(JSON.parse(r.body.toString()).code)
        ),
    )
    .map(
      (r) =>
        `${r.status} ${r.complete ? 'complete' : `cut at ${r.body.length} of ${r.headers['content-length']}`} ${r.body.subarray(0, 120).toString()}`,
    );
  return { served, others };
}

describe('SIGTERM and a client that pipelines and reads slowly', () => {
  it('delivers every charged response in full before closing, and charges exactly what was delivered', async () => {
    const db = join(dir, 'drain', 'store.sqlite');
    const env = serverEnv(db);
    const key = keysCreate({ env }, 'slow-reader', 100_000, 1e12);
    const server = await serve({ env }, '--no-dev-key');
    // 40 batches of 1000 (about 9 MB) asked at once, read at 3 MB/s.
    const client = await pacedConnection(server.port, pipelined('/v1/batch?count=1000&seed=drain', key, 40), 3_000_000);
    await waitFor('the first responses to arrive', () => client.received() > 500_000);
    server.child.kill('SIGTERM');
    await client.ended;
    expect(await server.exited).toBe(0);
    const responses = parseResponses(client.data());
    // 40 batches is past what one connection may pipeline (5,000 records): the sixth is refused (429), and the drain
    // refuses what has not started (503).
    const { served, others } = tally(responses, ['service_unavailable', 'too_many_pipelined_requests']);
    // Nothing was cut short: every response is whole, a batch or a refusal of a request not yet started.
    expect(others).toEqual([]);
    expect(served).toBeGreaterThan(0);
    expect(usedBy({ env }, 'slow-reader')).toBe(served * 1000);
  });
});

describe('a request that arrives during the drain', () => {
  it('is answered with catalogue problem+json 503, its request id and Retry-After, and its connection closed', async () => {
    const db = join(dir, 'late', 'store.sqlite');
    const env = serverEnv(db, 'info');
    const key = keysCreate({ env }, 'late', 100_000, 1e12);
    const server = await serve({ env }, '--no-dev-key');
    // Half a request before the signal; the rest once the server drains.
    const client = await pacedConnection(server.port, 'GET /v1/ein HTTP/1.1\r\nHost: localhost\r\n', 100_000_000);
    await waitFor('the server to read the half request', () => serverHasRead(server.port, client.socket.localPort!));
    server.child.kill('SIGTERM');
    await waitFor('the drain to start', () => server.output().includes('draining in-flight requests'));
    client.socket.write(`x-api-key: ${key}\r\n\r\n`);
    await client.ended;
    expect(await server.exited).toBe(0);
    const [late, ...more] = parseResponses(client.data());
    expect(more).toEqual([]);
    expect(late.status).toBe(503);
    expect(late.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(late.headers['retry-after']).toBe('1');
    expect(late.headers.connection).toBe('close');
    const body = JSON.parse(late.body.toString()) as { code: string; request_id: string };
    expect(body.code).toBe('service_unavailable');
    expect(body.request_id).toBe(late.headers['x-request-id']);
    expect(usedBy({ env }, 'late')).toBe(0);
  });
});

/** Connections of the one key that pipelines and never reads. */
const UNREAD_CONNECTIONS = 50;

describe('clients that pipeline and never read', () => {
  it("hold a bounded amount of the server's memory, and a normal client is still served promptly", async () => {
    const db = join(dir, 'flood', 'store.sqlite');
    const env = serverEnv(db);
    const key = keysCreate({ env }, 'flood', 100_000, 1e12);
    const normal = keysCreate({ env }, 'normal', 100_000, 1e12);
    const server = await serve({ env }, '--no-dev-key');
    const pid = server.child.pid!;
    // Warm the server up (generator, JIT) so the baseline is what it holds at rest.
    for (let i = 0; i < 20; i++)
      await (await fetch(`${server.url}/v1/batch?count=1000`, { headers: { 'x-api-key': normal } })).arrayBuffer();
    const baseline = await restingRssMb(pid);
    // The attack: 20 connections each pipelining 100 batches of 1000 and never reading.
    const attackers = await Promise.all(
      Array.from({ length: 20 }, () => pacedConnection(server.port, pipelined('/v1/batch?count=1000', key, 100), 0)),
    );
    let peak = baseline;
    let slowest = 0;
    const started = performance.now();
    while (performance.now() - started < 5000) {
      const sent = performance.now();
      const response = await fetch(`${server.url}/v1/zip/10001`, { headers: { 'x-api-key': normal } });
      expect(response.status).toBe(200);
      await response.arrayBuffer();
      slowest = Math.max(slowest, performance.now() - sent);
      peak = Math.max(peak, rssMb(pid));
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    for (const attacker of attackers) attacker.socket.destroy();
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
    // What the bound protects: each connection holds at most 8 responses in the making (about 2 MB); unbounded, this
    // grew by 370 MB. The bound leaves room for the heap's own growth, which differs between Node lines (Node 22
    // added about 175 MB here). The peak is the highest of about 100 samples taken through the attack; the slowest
    // answer (a normal client served throughout) likewise the slowest of about 100 requests, against a bound of
    // seconds that only a server stalled by the attack would reach.
    expect(peak - baseline, `RSS ${baseline.toFixed(0)} -> ${peak.toFixed(0)} MB`).toBeLessThan(250);
    expect(slowest, 'slowest normal request, ms').toBeLessThan(3000);
  });

  it('one key on 50 connections pipelining 100 batches of 1000 each and reading nothing: each connection costs at most 5 batches and is closed, memory stays bounded, another client is served throughout', async () => {
    const db = join(dir, 'unread', 'store.sqlite');
    const env = serverEnv(db);
    const key = keysCreate({ env }, 'unread', 100_000, 1e12);
    const bystander = keysCreate({ env }, 'bystander', 100_000, 1e12);
    const server = await serve({ env }, '--no-dev-key');
    const pid = server.child.pid!;
    // Warm the server up (generator, JIT) so the baseline is what it holds at rest.
    for (let i = 0; i < 20; i++)
      await (await fetch(`${server.url}/v1/batch?count=1000`, { headers: { 'x-api-key': bystander } })).arrayBuffer();
    const baseline = await restingRssMb(pid);
    const attackers = await Promise.all(
      Array.from({ length: UNREAD_CONNECTIONS }, () =>
        pacedConnection(server.port, pipelined('/v1/batch?count=1000', key, 100), 0),
      ),
    );
    let answered = 0;
    let peak = baseline;
    let charged = 0;
    let checkedAt = 0;
    // The bystander asks without pause while the attack runs, until the attack has cost all it may (checked every
    // 2 s) and 2 s longer, in which the charge must not grow: nothing more is started for connections that do not read.
    let fullAt = 0;
    const started = performance.now();
    while (fullAt === 0 || performance.now() - fullAt < 2000) {
      if (performance.now() - started > 45_000)
        throw new Error(`after 45 s, ${charged} records charged and ${answered} answers`);
      if (performance.now() - checkedAt > 2000) {
        charged = usedBy({ env }, 'unread');
        checkedAt = performance.now();
        expect(charged).toBeLessThanOrEqual(UNREAD_CONNECTIONS * 5000);
        if (charged === UNREAD_CONNECTIONS * 5000 && fullAt === 0) fullAt = performance.now();
      }
      const response = await fetch(`${server.url}/v1/batch?count=10`, { headers: { 'x-api-key': bystander } });
      expect(response.status).toBe(200);
      await response.arrayBuffer();
      answered++;
      peak = Math.max(peak, rssMb(pid));
    }
    expect(answered).toBeGreaterThan(50);
    // The attackers read at last: each finds 5 whole batches (what it may pipeline) and the refusal of the sixth,
    // then the end of the connection.
    for (const attacker of attackers) attacker.pace(1_000_000_000);
    await Promise.all(attackers.map((attacker) => attacker.ended));
    for (const attacker of attackers) {
      const statuses = parseResponses(attacker.data()).map((r) => `${r.status}${r.complete ? '' : ' cut'}`);
      expect(statuses).toEqual(['200', '200', '200', '200', '200', '429']);
    }
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
    // Charged: what the connections were sent, 5,000 records each, never the 100,000 each asked for.
    expect(usedBy({ env }, 'unread')).toBe(UNREAD_CONNECTIONS * 5000);
    // Nothing is made for the 95 batches each connection asked for past its 5: made and held, they would grow the
    // server by gigabytes (about 250 KB a batch). What remains is the heap's own growth under the load, which is
    // bimodal and depends on the machine's load: peaks of +17 to +115 MB alone on the 2-core machine, +163 MB once
    // in CI amid the whole suite, and the same whether or not the key's records in the making are bounded (that
    // bound is held by the test below, not by memory).
    expect(peak - baseline, `RSS ${baseline.toFixed(0)} -> ${peak.toFixed(0)} MB`).toBeLessThan(250);
  }, 90_000);

  it('a key whose output is backed up on one connection has its requests on another wait, unstarted and uncharged, until that one closes; other keys are served meanwhile', async () => {
    // Pipelining unbounded on the connection, so that its output backs up past the kernel's buffers.
    const server = await startTestServer({ config: { maxRecordsPipelined: 100_000 } });
    try {
      const port = Number(new URL(server.url).port);
      const { id, key } = await server.key();
      const other = await server.key();
      const used = async (keyId: string) =>
        (await server.store.keys.listKeys(calendarMonth(Date.now()).period)).find((k) => k.id === keyId)!.used;
      // 60 batches (about 14 MB) never read: the server writes until the kernel takes no more, and the batch it is
      // writing then stays in the making (not yet handed to the kernel), holding the key's 1,000 records.
      const stuck = await pacedConnection(port, pipelined('/v1/batch?count=1000&seed=stuck', key, 60), 0);
      let before = -1;
      await waitFor('the stuck connection to stop being served', async () => {
        const now = await used(id);
        const settled = now > 0 && now === before;
        before = now;
        if (!settled) await new Promise((resolve) => setTimeout(resolve, 300));
        return settled;
      });
      const charged = await used(id);
      const second = await pacedConnection(port, pipelined('/v1/ein?seed=second', key, 1), 100_000_000);
      // Another key is answered at once while the second connection of the stuck key waits.
      const answer = await server.get('/v1/ein?seed=bystander', other.key);
      expect(answer.status).toBe(200);
      await new Promise((resolve) => setTimeout(resolve, 1000));
      expect(second.received(), 'bytes the waiting request received').toBe(0);
      expect(await used(id)).toBe(charged);
      // The stuck connection closes: its batch in the making is given back, and the waiting request starts.
      stuck.socket.destroy();
      await waitFor('the waiting request to be answered', () => second.received() > 0);
      second.socket.end();
      await second.ended;
      expect(parseResponses(second.data()).map((r) => r.status)).toEqual([200]);
    } finally {
      await server.destroy();
    }
  });

  it('past 8 in the making and 64 waiting, the next pipelined request is refused in its turn and the connection closed', async () => {
    const server = await startTestServer();
    try {
      const { id, key } = await server.key();
      // 100 requests in one write, which Node parses in one go (loopback delivers it whole).
      const client = await pacedConnection(
        Number(new URL(server.url).port),
        pipelined('/v1/ein?seed=p', key, 100),
        100_000_000,
      );
      await client.ended;
      const responses = parseResponses(client.data());
      expect(responses.map((r) => r.status)).toEqual([...Array(72).fill(200), 429]);
      const refusal = responses[72];
      expect(refusal.headers.connection).toBe('close');
      expect(JSON.parse(refusal.body.toString()).code).toBe('too_many_pipelined_requests');
      expect(await server.app.ussynth.metrics.value('pipelined_requests_refused_total')).toBe(1);
      expect((await server.store.keys.listKeys(calendarMonth(Date.now()).period)).find((k) => k.id === id)!.used).toBe(
        72,
      );
    } finally {
      await server.destroy();
    }
  });

  it('are closed when their output makes no progress for the stall timeout, and pay for the responses written to them, never for those not handed over', async () => {
    // Past the default pipelining bound (5 batches, which this machine's socket buffers take whole): an output that stalls.
    const server = await startTestServer({ config: { stallTimeoutMs: 1000, maxRecordsPipelined: 100_000 } });
    try {
      const { id, key } = await server.key();
      // 60 batches (about 14 MB): more than the kernel's socket buffers take in, so the output stalls.
      const client = await pacedConnection(
        Number(new URL(server.url).port),
        pipelined('/v1/batch?count=1000&seed=stall', key, 60),
        0,
      );
      const open = () =>
        new Promise<number>((resolve, reject) =>
          server.app.server.getConnections((error, count) => (error ? reject(error) : resolve(count))),
        );
      await waitFor('the server to take the connection', async () => (await open()) === 1);
      await waitFor('the server to close the stalled connection', async () => (await open()) === 0, 15_000);
      // The client reads, at last, what reached it before the close.
      client.pace(100_000_000);
      await client.ended;
      const { served, others } = tally(parseResponses(client.data()), []);
      expect(others.every((o) => o.startsWith('200 cut at'))).toBe(true);
      expect(served).toBeGreaterThan(0);
      expect(served).toBeLessThan(60);
      // Whole responses are charged, and so is the one being written at the close (issue 46: the client may hold any
      // part of it, here none or a cut part, as far as the kernel's buffers took it); none of the later ones.
      const used = (await server.store.keys.listKeys(calendarMonth(Date.now()).period)).find((k) => k.id === id)!.used;
      expect(used).toBe((served + 1) * 1000);
    } finally {
      await server.destroy();
    }
  });
});
