/**
 * One side of the held tick object's A/B (bench/request-path-tricks.bench.ts runs it in a fresh process per
 * round, with --expose-gc): `held` calls keepTickShape() first, as the server does at start; `bare` does not.
 * Then, as a server that idles between bursts of requests, it runs a burst of stream work and a full garbage
 * collection while no tick is pending, eight times over, and prints the CPU time (ns) per stream cycle of a timed
 * burst after that, and the tick objects per cycle. Each cycle writes a chunk through a PassThrough and waits for its write callback: the stream
 * code (onwrite, afterWrite, resume, flow) schedules its process.nextTick objects as a request's sockets do.
 */
import { createHook } from 'node:async_hooks';
import { PassThrough } from 'node:stream';
import { keepTickShape } from '../server/src/runtime/tick-shape.js';

const side = process.argv[2];
const CYCLES = Number(process.argv[3] ?? 200_000);
if (side === 'held') keepTickShape();
else if (side !== 'bare') throw new Error(`side must be held or bare, not ${side}`);
const gc = (globalThis as { gc?: () => void }).gc;
if (!gc) throw new Error('run with --expose-gc');

const chunk = Buffer.alloc(64);
const stream = new PassThrough();
let read = 0;
stream.on('data', (data: Buffer) => {
  read += data.length;
});

async function burst(cycles: number): Promise<void> {
  for (let i = 0; i < cycles; i++) await new Promise<void>((resolve) => stream.write(chunk, () => resolve()));
}

for (let idle = 0; idle < 8; idle++) {
  await burst(2000);
  // From a timer's callback, with no tick pending: the collection the server would run while idle.
  await new Promise<void>((resolve) =>
    setTimeout(() => {
      gc();
      resolve();
    }, 1),
  );
}
await burst(CYCLES / 10);
const started = process.cpuUsage();
await burst(CYCLES);
const used = process.cpuUsage(started);
if (read <= 0) throw new Error('nothing read');
// The tick objects a cycle makes, counted after the timing (the hook would slow it).
let ticks = 0;
const counter = createHook({
  init(_asyncId, type) {
    if (type === 'TickObject') ticks++;
  },
}).enable();
await burst(1000);
counter.disable();
console.log(`${((used.user + used.system) * 1000) / CYCLES} ${ticks / 1000}`);
