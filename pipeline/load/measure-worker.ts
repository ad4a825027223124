// The worker thread of MeasureJob (measure-job.ts). While the build's main thread compiles the other sources, it
// loads its modules, compiles the surnames, then the first names from datasets/ and posts each (the main thread
// takes them for the main index) and builds the birth index for those first names (the main index's FF and FM
// columns are the transformed first names, in their order). Then it waits for the MeasureInput on its port, computes
// the realism measures, keeps that birth index if the main index has exactly those first names (else builds it
// again for the index's), and posts both back.
// After each message it counts up the shared counter the build waits on. A failure anywhere is posted too (a
// source's error with its file and line), and nothing after it.
import { workerData, type MessagePort } from 'node:worker_threads';
import { SourceError } from '../source-error.js';
import { StageClock } from '../stage-times.js';
import type { MeasureInput, MeasureMessage } from './measure-job.js';

const { port, posted, datasetsDir } = workerData as { port: MessagePort; posted: Int32Array; datasetsDir: string };
const clock = new StageClock();

let failed = false;
const post = (message: MeasureMessage): void => {
  if (failed) return;
  if ('error' in message) failed = true;
  port.postMessage(message);
  Atomics.add(posted, 0, 1);
  Atomics.notify(posted, 0);
};
const failure = (error: unknown): MeasureMessage => ({
  error: error instanceof Error ? (error.stack ?? error.message) : String(error),
  ...(error instanceof SourceError
    ? { sourceError: { file: error.file, line: error.line, detail: error.detail } }
    : {}),
});

// The build's one message: the MeasureInput.
const input = new Promise<MeasureInput>((resolve) => port.once('message', resolve));

const same = (a: readonly string[], b: readonly string[]): boolean =>
  a.length === b.length && a.every((x, i) => x === b[i]);

async function run(): Promise<void> {
  const [{ realismMeasures }, births, { compileFirstNames }, { compileSurnames }] = await Promise.all([
    import('./realism.js'),
    import('./write-birth-index.js'),
    import('../sources/first-names/compiled.js'),
    import('../sources/surnames/compiled.js'),
  ]);
  clock.mark('worker: modules');
  post({ surnames: compileSurnames(datasetsDir) });
  clock.mark('worker: surnames');
  const { valid, compiled } = compileFirstNames(datasetsDir);
  post({ firstNames: compiled });
  clock.mark('worker: first names');
  const expected = {
    female: compiled.records.filter((n) => n.sex === 'F').map((n) => n.name),
    male: compiled.records.filter((n) => n.sex === 'M').map((n) => n.name),
  };
  const birthIndex = births.birthIndexFor(valid, expected);
  clock.mark('worker: birth index');

  const { data, index, compilation } = await input;
  clock.mark('worker: waiting for the main index');
  const realism = realismMeasures(data, index, compilation);
  const columns = births.indexFirstNames(index);
  const birthBytes =
    same(columns.female, expected.female) && same(columns.male, expected.male)
      ? birthIndex
      : births.birthIndexFor(valid, columns);
  clock.mark('worker: realism measures');
  post({ output: { realism, births: birthBytes, stages: clock.stages } });
}

run().catch((error: unknown) => post(failure(error)));
