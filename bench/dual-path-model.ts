/**
 * The dual value-or-promise path, modelled for bench/request-path-tricks.bench.ts: two Fastify apps whose
 * request runs the access layer's steps (find the key, take from the rate limiter, debit the quota, wait for the
 * debit to be durable, send). `dual` is the shape the server had until issue 36 made it plain: interfaces
 * answer a value when they can, hooks take Fastify's `done` and test `isPromise` at each step, and the handler
 * sends once the debit is durable. `plain` is one async path: every interface returns a promise and every step is awaited in async hooks and handler.
 * Both wait for durability on the same setImmediate (the embedded ledger's end-of-turn write).
 */
import Fastify, { type FastifyInstance } from 'fastify';
import type { Awaitable } from '../server/src/runtime/awaitable.js';

/** Whether an awaitable is still to come (the test the server's request path made before issue 36). */
function isPromise<T>(value: Awaitable<T>): value is Promise<T> {
  return typeof (value as { then?: unknown } | null)?.then === 'function';
}

interface Key {
  accountId: number;
  rate: number;
}
interface Debit {
  granted: boolean;
  used: number;
  whenDurable: (callback: (error: Error | null) => void) => void;
}

const keys = new Map<string, Key>([['k1', { accountId: 1, rate: 1e9 }]]);
let used = 0;
const whenDurable = (callback: (error: Error | null) => void) => setImmediate(callback, null);

const valueNow = {
  findKey: (id: string): Awaitable<Key | undefined> => keys.get(id),
  take: (key: Key): Awaitable<{ allowed: boolean; remaining: number }> => ({ allowed: true, remaining: key.rate - 1 }),
  debit: (_key: Key, records: number): Awaitable<Debit> => ({ granted: true, used: (used += records), whenDurable }),
};
const promised = {
  findKey: async (id: string) => valueNow.findKey(id) as Key | undefined,
  take: async (key: Key) => valueNow.take(key) as { allowed: boolean; remaining: number },
  debit: async (key: Key, records: number) => valueNow.debit(key, records) as Debit,
};

const body = () => ({ zip: '10001', state: 'NY', stateFull: 'New York', city: 'New York' });

declare module 'fastify' {
  interface FastifyRequest {
    modelKey?: Key;
  }
}

/** The shipped shape: values when they are ready, a promise only when one comes. */
export function dualApp(): FastifyInstance {
  const app = Fastify({ logger: false });
  app.decorateRequest('modelKey', undefined);
  app.addHook('onRequest', (request, reply, done) => {
    const admit = (key: Key | undefined) => {
      if (!key) return done(new Error('no key'));
      request.modelKey = key;
      const taken = valueNow.take(key);
      const settle = (decision: { allowed: boolean; remaining: number }) => {
        reply.header('ratelimit', `remaining=${decision.remaining}`);
        done();
      };
      if (isPromise(taken)) taken.then(settle, done);
      else settle(taken);
    };
    const found = valueNow.findKey(request.headers['x-api-key'] as string);
    if (isPromise(found)) found.then(admit, done);
    else admit(found);
  });
  app.get('/v1/zip', (request, reply) => {
    const debited = valueNow.debit(request.modelKey!, 1);
    const send = (debit: Debit) => debit.whenDurable((error) => (error ? reply.send(error) : reply.send(body())));
    if (isPromise(debited)) debited.then(send, (error: Error) => reply.send(error));
    else send(debited);
  });
  return app;
}

/** One async path: every step a promise, awaited. */
export function plainApp(): FastifyInstance {
  const app = Fastify({ logger: false });
  app.decorateRequest('modelKey', undefined);
  app.addHook('onRequest', async (request, reply) => {
    const key = await promised.findKey(request.headers['x-api-key'] as string);
    if (!key) throw new Error('no key');
    request.modelKey = key;
    const decision = await promised.take(key);
    reply.header('ratelimit', `remaining=${decision.remaining}`);
  });
  app.get('/v1/zip', async (request) => {
    const debit = await promised.debit(request.modelKey!, 1);
    await new Promise<void>((resolve, reject) => debit.whenDurable((error) => (error ? reject(error) : resolve())));
    return body();
  });
  return app;
}
