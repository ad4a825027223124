// The worker thread of MeasureJob (measure-job.ts). While the build's main thread compiles, it loads its modules,
// reads and checks the first names from datasets/ (handing them over would copy 250,000 rows) and builds the birth
// index for the first names the main index will have (the transformed first names, in their order); then it
// waits for one MeasureInput on its port, computes the realism measures, keeps that birth index if the main index
// has exactly those first names (else builds it again for the index's), posts both back and sets the shared flag
// the build waits on. A failure anywhere is posted too.
import { workerData, type MessagePort } from 'node:worker_threads';
import type { MeasureInput } from './measure-job.js';

const { port, done, datasetsDir } = workerData as { port: MessagePort; done: Int32Array; datasetsDir: string };

const prepared = (async () => {
  const [{ realismMeasures }, births, { extractFirstNames }, { validateFirstNames }, { transformFirstNames }] = await Promise.all([
    import('./realism.js'),
    import('./write-birth-index.js'),
    import('../sources/first-names/extract.js'),
    import('../sources/first-names/validate.js'),
    import('../sources/first-names/transform.js'),
  ]);
  const firstNames = validateFirstNames(extractFirstNames(datasetsDir));
  const records = transformFirstNames(firstNames);
  const expected = { female: records.filter((n) => n.sex === 'F').map((n) => n.name), male: records.filter((n) => n.sex === 'M').map((n) => n.name) };
  return { realismMeasures, births, firstNames, expected, birthIndex: births.birthIndexFor(firstNames, expected) };
})();
prepared.catch(() => undefined);

const same = (a: readonly string[], b: readonly string[]): boolean => a.length === b.length && a.every((x, i) => x === b[i]);

port.once('message', async (input: MeasureInput) => {
  try {
    const { realismMeasures, births, firstNames, expected, birthIndex } = await prepared;
    const realism = realismMeasures(input.data, input.index, input.compilation);
    const columns = births.indexFirstNames(input.index);
    const birthBytes = same(columns.female, expected.female) && same(columns.male, expected.male) ? birthIndex : births.birthIndexFor(firstNames, columns);
    port.postMessage({ output: { realism, births: birthBytes } });
  } catch (error) {
    port.postMessage({ error: error instanceof Error ? (error.stack ?? error.message) : String(error) });
  } finally {
    Atomics.store(done, 0, 1);
    Atomics.notify(done, 0);
  }
});
