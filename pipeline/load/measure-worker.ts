// The worker thread of MeasureJob (measure-job.ts). While the build's main thread compiles, it loads its modules
// and reads and checks the first names from datasets/ (the birth index is built from them: handing them over
// would copy 250,000 rows); then it waits for one MeasureInput on its port, computes the realism measures and
// the birth index, posts them back and sets the shared flag the build waits on. A failure anywhere is posted too.
import { workerData, type MessagePort } from 'node:worker_threads';
import type { MeasureInput } from './measure-job.js';

const { port, done, datasetsDir } = workerData as { port: MessagePort; done: Int32Array; datasetsDir: string };

const prepared = (async () => {
  const [{ realismMeasures }, { writeBirthIndex }, { extractFirstNames }, { validateFirstNames }] = await Promise.all([
    import('./realism.js'),
    import('./write-birth-index.js'),
    import('../sources/first-names/extract.js'),
    import('../sources/first-names/validate.js'),
  ]);
  return { realismMeasures, writeBirthIndex, firstNames: validateFirstNames(extractFirstNames(datasetsDir)) };
})();
prepared.catch(() => undefined);

port.once('message', async (input: MeasureInput) => {
  try {
    const { realismMeasures, writeBirthIndex, firstNames } = await prepared;
    const realism = realismMeasures(input.data, input.index, input.compilation);
    const births = writeBirthIndex(firstNames, input.index);
    port.postMessage({ output: { realism, births } });
  } catch (error) {
    port.postMessage({ error: error instanceof Error ? (error.stack ?? error.message) : String(error) });
  } finally {
    Atomics.store(done, 0, 1);
    Atomics.notify(done, 0);
  }
});
