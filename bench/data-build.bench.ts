/**
 * `npm run bench:data`: the full data build (extract, validate, transform,
 * SQLite, index, manifest) from datasets/ into a temporary folder, timed;
 * then the median of each stage of the main thread (its CPU and wall time):
 * on a quiet 2-core machine the build's wall time is about the main thread's.
 */
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { readFileSync } from 'node:fs';
import { compileAndWrite, OUTPUT_FILES } from '../pipeline/load/write-outputs.js';
import { DATASETS_DIR } from '../pipeline/main.js';
import { StageClock, type StageTime } from '../pipeline/stage-times.js';

const RUNS = 3;
const times: number[] = [];
// CPU seconds of the whole process (every thread) per build: on a shared machine the wall time says little.
const cpuTimes: number[] = [];
const stageRuns: StageTime[][] = [];
const besideRuns: StageTime[][] = [];
let outDir = '';
for (let run = 0; run < RUNS; run++) {
  if (outDir) rmSync(outDir, { recursive: true, force: true });
  outDir = mkdtempSync(join(tmpdir(), 'ussynth-bench-data-'));
  const started = performance.now();
  const cpu = process.cpuUsage();
  const clock = new StageClock();
  compileAndWrite(DATASETS_DIR, outDir, clock);
  stageRuns.push(clock.stages);
  besideRuns.push(clock.beside);
  const used = process.cpuUsage(cpu);
  times.push((performance.now() - started) / 1000);
  cpuTimes.push((used.user + used.system) / 1e6);
}
times.sort((a, b) => a - b);
cpuTimes.sort((a, b) => a - b);
const size = (file: string) => statSync(join(outDir, file)).size;
const gzipped = gzipSync(readFileSync(join(outDir, OUTPUT_FILES.index)), { level: 9 }).length;
console.log('| data build | figure |\n|---|---:|');
console.log(
  `| full build, s (min / median / max of ${RUNS}; load average ${loadavg()[0].toFixed(1)}) | ${times[0].toFixed(1)} / ${times[1].toFixed(1)} / ${times[RUNS - 1].toFixed(1)} |`,
);
console.log(
  `| CPU time of all threads, s (min / median / max) | ${cpuTimes[0].toFixed(1)} / ${cpuTimes[1].toFixed(1)} / ${cpuTimes[RUNS - 1].toFixed(1)} |`,
);
console.log(`| ${OUTPUT_FILES.sqlite} | ${(size(OUTPUT_FILES.sqlite) / 1e6).toFixed(2)} MB |`);
console.log(
  `| ${OUTPUT_FILES.index} | ${(size(OUTPUT_FILES.index) / 1e6).toFixed(2)} MB (${(gzipped / 1e6).toFixed(2)} MB gzipped) |`,
);
rmSync(outDir, { recursive: true, force: true });

const median = (values: number[]): number => values.sort((a, b) => a - b)[values.length >> 1];
const stageMedian = (i: number, key: 'cpuMs' | 'wallMs'): number => median(stageRuns.map((stages) => stages[i][key]));
console.log(`\n| stage of the main thread (median of ${RUNS}) | CPU s | wall s |\n|---|---:|---:|`);
stageRuns[0].forEach(
  ({ stage }, i) =>
    void console.log(
      `| ${stage} | ${(stageMedian(i, 'cpuMs') / 1000).toFixed(2)} | ${(stageMedian(i, 'wallMs') / 1000).toFixed(2)} |`,
    ),
);
const total = (key: 'cpuMs' | 'wallMs'): number =>
  median(stageRuns.map((stages) => stages.reduce((sum, s) => sum + s[key], 0)));
console.log(
  `| **main thread, all stages** | **${(total('cpuMs') / 1000).toFixed(2)}** | **${(total('wallMs') / 1000).toFixed(2)}** |`,
);
const besideMedian = (i: number, key: 'cpuMs' | 'wallMs'): number => median(besideRuns.map((stages) => stages[i][key]));
console.log(
  `\n| stage of the measure worker, beside the main thread (median of ${RUNS}) | CPU s | wall s |\n|---|---:|---:|`,
);
besideRuns[0].forEach(
  ({ stage }, i) =>
    void console.log(
      `| ${stage} | ${(besideMedian(i, 'cpuMs') / 1000).toFixed(2)} | ${(besideMedian(i, 'wallMs') / 1000).toFixed(2)} |`,
    ),
);
