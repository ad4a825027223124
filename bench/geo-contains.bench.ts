/**
 * `npm run bench:geo-contains`: the geo index's grids (compileZipGeo, the
 * data build's largest stage before issue 33) with d3-geo's geoContains
 * against the prepared polygons of pipeline/transform/county-containment.ts,
 * in one process, and a third run asking both on every point the build
 * tests: it fails unless they agree on every one and the grids are the same.
 */
import { loadavg } from 'node:os';
import { geoContains } from 'd3-geo';
import { DataIndex } from '../src/data-index/data-index.js';
import { compile } from '../pipeline/compile.js';
import { writeIndex } from '../pipeline/load/write-index.js';
import { DATASETS_DIR } from '../pipeline/main.js';
import { extractCounties } from '../pipeline/sources/counties/extract.js';
import { featureContains } from '../pipeline/transform/county-containment.js';
import { compileZipGeo, type ContainsTest } from '../pipeline/transform/zip-geo.js';

const compilation = compile(DATASETS_DIR);
const { data } = compilation;
const zsRows = DataIndex.fromBytes(writeIndex(data)).table('ZS').items;
const d3: ContainsTest = (feature, lon, lat) => geoContains(feature, [lon, lat]);

/** compileZipGeo on freshly read counties (so the prepared polygons are built inside the timing), CPU and wall seconds. */
function timed(contains: ContainsTest): { cpu: number; wall: number; result: string } {
  const counties = extractCounties();
  const cpu0 = process.cpuUsage();
  const wall0 = performance.now();
  const geo = compileZipGeo(data.zips, data.states, compilation.geo.density, zsRows, counties, contains);
  const cpu = process.cpuUsage(cpu0);
  return { cpu: (cpu.user + cpu.system) / 1e6, wall: (performance.now() - wall0) / 1000, result: JSON.stringify(geo) };
}

const load = loadavg()
  .map((x) => x.toFixed(1))
  .join(' ');
const before = timed(d3);
const after = timed(featureContains);
let points = 0;
let disagreements = 0;
const both = timed((feature, lon, lat) => {
  const expected = geoContains(feature, [lon, lat]);
  points++;
  if (featureContains(feature, lon, lat) !== expected) disagreements++;
  return expected;
});
console.log(`| compileZipGeo (load average ${load}) | CPU s | wall s |\n|---|---:|---:|`);
console.log(`| d3-geo geoContains | ${before.cpu.toFixed(2)} | ${before.wall.toFixed(2)} |`);
console.log(`| prepared polygons (featureContains) | ${after.cpu.toFixed(2)} | ${after.wall.toFixed(2)} |`);
console.log(`| ratio | ${(before.cpu / after.cpu).toFixed(1)}x | ${(before.wall / after.wall).toFixed(1)}x |`);
console.log(
  `points tested by the build: ${points.toLocaleString('en-US')}, disagreements: ${disagreements}; grids identical: ${before.result === after.result && both.result === before.result}`,
);
if (disagreements > 0 || before.result !== after.result || both.result !== before.result) process.exitCode = 1;
