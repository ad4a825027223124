/**
 * The free browser demo: loads the binary index as a static file, generates
 * in the page with the ussynth library and sends nothing anywhere.
 */
import {
  FIELD_NAMES,
  GEO_FIELD_NAMES,
  GENERATOR_VERSION,
  loadBirthIndex,
  loadCompanyData,
  loadGeoIndex,
  loadHouseholdData,
  loadIndex,
  loadJobTitles,
  parseFieldList,
  UssynthError,
  type BirthIndex,
  type CompanyData,
  type DataIndex,
  type GeoIndex,
  type HouseholdModel,
  type JobTitles,
} from '../../src/browser.js';
import {
  DemoInputError,
  KINDS_WITH_COUNT,
  KINDS_WITH_FIELDS,
  KINDS_WITH_GEO,
  KINDS_WITH_SEED,
  KINDS_WITH_STATE,
  parseDemoForm,
  RECORD_COST,
  RELATED_KINDS,
  type DemoKind,
  type DemoRequest,
} from './demo-request.js';
import { downloadText, resultFileName } from './download.js';
import {
  counterText,
  FreeTier,
  refusalMessage,
  tooFewLeftMessage,
  trimMessage,
  trimUnitsMessage,
} from './free-tier.js';
import { demoColumns, runDemo, type DemoResult, type DemoSources } from './generate.js';
import { renderMap, type MapRecord } from './geo-map.js';
import { renderGroupedTable, renderTable } from './results-table.js';
import { resultFile, resultTables } from './result-file.js';

const byId = <T extends HTMLElement>(id: string): T => {
  const element = document.getElementById(id);
  if (!element) throw new Error(`the page has no #${id}`);
  return element as T;
};

const form = byId<HTMLFormElement>('demo-form');
const generateButton = byId<HTMLButtonElement>('generate');
const countInput = byId<HTMLInputElement>('count');
const stateSelect = byId<HTMLSelectElement>('state');
const zipInput = byId<HTMLInputElement>('zip');
const seedInput = byId<HTMLInputElement>('seed');
const companyInput = byId<HTMLInputElement>('company');
const counter = byId<HTMLParagraphElement>('counter');
const usage = byId<HTMLProgressElement>('usage');
const alertBox = byId<HTMLParagraphElement>('alert');
const status = byId<HTMLParagraphElement>('status');
const results = byId<HTMLElement>('results');
const seedUsed = byId<HTMLParagraphElement>('seed-used');
const table = byId<HTMLTableElement>('results-table');
const jsonDetails = byId<HTMLDetailsElement>('json-details');
const jsonText = byId<HTMLTextAreaElement>('json-text');
const geoInput = byId<HTMLInputElement>('geo');
const fieldsInput = byId<HTMLInputElement>('fields');
const fieldPicker = byId<HTMLSelectElement>('field-picker');
const map = byId<HTMLElement>('map');

/** `./ussynth.idx?v=<content version>`, set by web/build.ts so a cached old index is never read by a new page. */
declare const __USSYNTH_INDEX_URL__: string;
/** `./ussynth-geo.idx?v=<content version>`: fetched the first time geo is asked for. */
declare const __USSYNTH_GEO_INDEX_URL__: string;
/** `./ussynth-births.idx?v=<content version>`: fetched the first time birthDate is asked for. */
declare const __USSYNTH_BIRTH_INDEX_URL__: string;

/** `./ussynth-companies.json?v=<content version>`: fetched the first time companies or employees are generated. */
declare const __USSYNTH_COMPANY_DATA_URL__: string;
/** `./ussynth-households.json?v=<content version>`: fetched the first time households are generated. */
declare const __USSYNTH_HOUSEHOLD_DATA_URL__: string;
/** `./ussynth-titles.json?v=<content version>`: fetched the first time employees are generated. */
declare const __USSYNTH_JOB_TITLES_URL__: string;

/** A data file of a related kind: what it is (for messages), its URL, how it is read and which source it fills. */
interface RelatedData {
  what: string;
  url: string;
  load: (url: URL) => Promise<unknown>;
  set: (sources: DemoSources, data: unknown) => void;
}

const COMPANY_DATA: RelatedData = {
  what: "the companies' data",
  url: __USSYNTH_COMPANY_DATA_URL__,
  load: loadCompanyData,
  set: (sources, data) => {
    sources.companyData = data as CompanyData;
  },
};

/** The data files each related kind reads besides the geo and birth indexes. */
const RELATED_DATA: Partial<Record<DemoKind, readonly RelatedData[]>> = {
  company: [COMPANY_DATA],
  household: [
    {
      what: 'the household data',
      url: __USSYNTH_HOUSEHOLD_DATA_URL__,
      load: loadHouseholdData,
      set: (sources, data) => {
        sources.householdData = data as HouseholdModel;
      },
    },
  ],
  employee: [
    COMPANY_DATA,
    {
      what: 'the job titles',
      url: __USSYNTH_JOB_TITLES_URL__,
      load: loadJobTitles,
      set: (sources, data) => {
        sources.jobTitles = data as JobTitles;
      },
    },
  ],
};

/** Data files being loaded or loaded, by URL: each is fetched once; one that failed is dropped, so a retry fetches it. */
const dataFiles = new Map<string, Promise<unknown>>();

async function loadOnce(url: string, load: (url: URL) => Promise<unknown>): Promise<unknown> {
  let file = dataFiles.get(url);
  if (file === undefined) {
    file = load(new URL(url, document.baseURI));
    dataFiles.set(url, file);
  }
  try {
    return await file;
  } catch (error) {
    dataFiles.delete(url);
    throw error;
  }
}

const tier = new FreeTier();
let index: DataIndex | undefined;
let geoIndex: Promise<GeoIndex> | undefined;
let birthIndex: Promise<BirthIndex> | undefined;
let last: { result: DemoResult; json?: string } | undefined;

const NOUNS: Record<DemoKind, [string, string]> = {
  address: ['address', 'addresses'],
  batch: ['address', 'addresses'],
  ein: ['EIN', 'EINs'],
  phone: ['phone number', 'phone numbers'],
  zip: ['ZIP lookup', 'ZIP lookups'],
  company: ['company', 'companies'],
  household: ['household', 'households'],
  employee: ['employee', 'employees'],
};

function plural(kind: DemoKind, count: number): string {
  return `${count} ${NOUNS[kind][count === 1 ? 0 : 1]}`;
}

function selectedKind(): string {
  return (form.elements.namedItem('kind') as RadioNodeList).value;
}

function showFieldsFor(kind: string): void {
  byId('count-field').hidden = !KINDS_WITH_COUNT.includes(kind as DemoKind);
  byId('state-field').hidden = !KINDS_WITH_STATE.includes(kind as DemoKind);
  byId('zip-field').hidden = kind !== 'zip';
  byId('company-field').hidden = kind !== 'employee';
  byId('geo-field').hidden = !KINDS_WITH_GEO.includes(kind as DemoKind);
  byId('fields-field').hidden = !KINDS_WITH_FIELDS.includes(kind as DemoKind);
  byId('seed-field').hidden = !KINDS_WITH_SEED.includes(kind as DemoKind);
  updateGenerateButton();
}

/** At the free tier's limit Generate is off for the kinds that count; a ZIP lookup counts nothing and stays on. */
function updateGenerateButton(): void {
  if (!index) return;
  generateButton.disabled = tier.remaining === 0 && KINDS_WITH_SEED.includes(selectedKind() as DemoKind);
}

function showAlert(message: string, notice = false): void {
  alertBox.textContent = message;
  alertBox.classList.toggle('notice', notice);
  alertBox.hidden = false;
}

function clearAlert(): void {
  alertBox.hidden = true;
  alertBox.textContent = '';
  for (const input of [countInput, zipInput, seedInput, fieldsInput, companyInput])
    input.removeAttribute('aria-invalid');
}

function updateCounter(): void {
  counter.textContent = counterText(tier);
  usage.value = tier.used;
  // At the limit Generate is off (it could only be refused), and the counter says why and what lifts it.
  if (tier.remaining === 0)
    counter.textContent +=
      ' Generate is off until the page is reloaded (or use the ussynth API for more); ZIP lookups count nothing and still work.';
  updateGenerateButton();
}

function resultJson(): string {
  if (!last) return '';
  // The bytes `ussynth ... --format json` writes, so a copy or download checksums like the CLI's file.
  return (last.json ??= resultFile(last.result, 'json'));
}

async function generate(): Promise<void> {
  if (!index) return;
  performance.mark('ussynth:generate');
  clearAlert();
  let request: DemoRequest;
  try {
    request = parseDemoForm({
      kind: selectedKind(),
      seed: seedInput.value,
      count: countInput.value,
      state: stateSelect.value,
      zip: zipInput.value,
      geo: geoInput.checked,
      fields: fieldsInput.value,
      company: companyInput.value,
    });
  } catch (error) {
    if (!(error instanceof DemoInputError)) throw error;
    showAlert(error.message);
    const input = { count: countInput, fields: fieldsInput, company: companyInput, kind: undefined, seed: undefined }[
      error.field
    ];
    input?.setAttribute('aria-invalid', 'true');
    input?.focus();
    return;
  }
  const asked = request.fields === undefined ? [] : parseFieldList(request.fields).map(({ field }) => field);
  const related = RELATED_KINDS.includes(request.kind);
  // Households' and employees' people have birth dates, and so does a driversLicense (Florida's, Illinois' and
  // Wisconsin's are derived from it); companies and employees (who live near work) have places.
  const sources: DemoSources = {};
  if (
    asked.includes('birthDate') ||
    asked.includes('driversLicense') ||
    request.kind === 'household' ||
    request.kind === 'employee'
  ) {
    // The birth index (a static file of this site) is loaded once, on first use.
    status.textContent = 'Loading the birth index…';
    try {
      sources.birthIndex = await (birthIndex ??= loadBirthIndex(
        new URL(__USSYNTH_BIRTH_INDEX_URL__, document.baseURI),
      ));
    } catch (error) {
      birthIndex = undefined;
      showAlert(
        `Could not load the birth index: ${(error as Error).message}. ${related ? 'Try again.' : 'Try again, or leave birthDate and driversLicense out of the fields.'}`,
      );
      status.textContent = 'Not generated: the birth index did not load.';
      return;
    }
  }
  if (
    request.geo ||
    request.kind === 'company' ||
    request.kind === 'employee' ||
    asked.some((field) => (GEO_FIELD_NAMES as readonly string[]).includes(field))
  ) {
    // The geo index (a static file of this site, like the main index) is loaded once, on first use.
    status.textContent = 'Loading the geo index…';
    try {
      sources.geoIndex = await (geoIndex ??= loadGeoIndex(new URL(__USSYNTH_GEO_INDEX_URL__, document.baseURI)));
    } catch (error) {
      geoIndex = undefined;
      showAlert(
        `Could not load the geo index: ${(error as Error).message}. ${related ? 'Try again.' : 'Try again, or untick "With coordinates".'}`,
      );
      status.textContent = 'Not generated: the geo index did not load.';
      return;
    }
  }
  for (const file of RELATED_DATA[request.kind] ?? []) {
    // Each related kind's data file (a static file of this site) is loaded once, the first time a kind needs it.
    status.textContent = `Loading ${file.what}…`;
    try {
      file.set(sources, await loadOnce(file.url, file.load));
    } catch (error) {
      showAlert(`Could not load ${file.what}: ${(error as Error).message}. Try again.`);
      status.textContent = `Not generated: ${file.what} did not load.`;
      return;
    }
  }
  // A ZIP lookup reads the index and makes nothing at random: it is not a generated record, so it is free.
  const counted = KINDS_WITH_SEED.includes(request.kind);
  // A household counts as 3 records (as in the API's quota): the tier is asked for records, the kind gets whole ones.
  const cost = RECORD_COST[request.kind];
  const allowance = counted ? tier.allow(request.count * cost) : { kind: 'whole' as const, granted: request.count };
  const granted = Math.floor(allowance.kind === 'refused' ? 0 : allowance.granted / (counted ? cost : 1));
  if (allowance.kind === 'refused' || granted === 0) {
    showAlert(
      allowance.kind === 'refused'
        ? refusalMessage(tier.limit)
        : tooFewLeftMessage(NOUNS[request.kind][0], cost, tier.remaining, tier.limit),
    );
    status.textContent = `Refused: ${plural(request.kind, request.count)} requested, ${allowance.kind === 'refused' ? 'none' : 'too few'} left in the free tier.`;
    return;
  }
  const requested = request.count;
  let result: DemoResult;
  try {
    result = runDemo(index, { ...request, count: granted }, sources);
  } catch (error) {
    if (!(error instanceof UssynthError)) throw error;
    showAlert(error.message.charAt(0).toUpperCase() + error.message.slice(1) + '.');
    const input = error.param === 'zip' ? zipInput : error.param === 'seed' ? seedInput : undefined;
    input?.setAttribute('aria-invalid', 'true');
    input?.focus();
    return;
  }
  if (counted) tier.record(generatedCount(result) * cost);
  updateCounter();
  if (allowance.kind === 'trimmed')
    showAlert(
      cost === 1
        ? trimMessage(granted, requested, tier.limit)
        : trimUnitsMessage(granted, requested, NOUNS[request.kind][1], cost, tier.limit, allowance.granted),
      true,
    );
  if (result.records.length === 0) {
    last = undefined;
    results.hidden = true;
    status.textContent = `ZIP ${result.request.zip} is well formed but not a known ZIP code.`;
    return;
  }
  show(result);
}

/** Records generated: households (not their people) for households, else the rows. */
function generatedCount(result: DemoResult): number {
  return result.groups?.length ?? result.records.length;
}

/** What a result is, for its caption and status: "12 addresses in CA", "5 employees of company 3 (Acme LLC, ...)". */
function describe(result: DemoResult): string {
  const { kind, state } = result.request;
  const where = KINDS_WITH_STATE.includes(kind) ? (state ? ` in ${state}` : ' in any state') : '';
  if (kind === 'zip') return `ZIP ${result.request.zip}`;
  const what = plural(kind, generatedCount(result));
  const people = result.records.length;
  if (kind === 'household') return `${what} (${people} ${people === 1 ? 'person' : 'people'})${where}`;
  if (kind === 'employee' && result.company) {
    const { name, domain, employees } = result.company;
    return `${what} of company ${result.request.company}${where}: ${name}, ${domain}, headcount ${employees}`;
  }
  return what + where;
}

function show(result: DemoResult): void {
  last = { result };
  const { kind } = result.request;
  const what = describe(result);
  const caption = result.seed === undefined ? what : `${what}, seed ${result.seed}`;
  if (result.groups) renderGroupedTable(table, demoColumns(result.request), result.groups, caption);
  else renderTable(table, demoColumns(result.request), result.records, caption);
  // Results of two tables (households and people, a company and its employees) get a CSV button per table.
  const tables = kind === 'household' ? ['households', 'people'] : kind === 'employee' ? ['company', 'employees'] : [];
  const [csv1, csv2] = [byId<HTMLButtonElement>('download-csv'), byId<HTMLButtonElement>('download-csv-2')];
  csv1.textContent = tables.length === 0 ? 'Download CSV' : `Download ${tables[0]} CSV`;
  csv2.textContent = tables.length === 0 ? 'Download CSV' : `Download ${tables[1]} CSV`;
  csv2.hidden = tables.length === 0;
  // Addresses with geo are plotted; a ZIP lookup's centroid is in its row.
  // Companies always have their coordinates: they are plotted too, a dot per company at its street and suite.
  map.hidden = !((result.request.geo && kind !== 'zip') || kind === 'company');
  if (!map.hidden)
    renderMap(
      byId<HTMLElement>('map-svg') as unknown as SVGSVGElement,
      byId('map-record'),
      (kind === 'company'
        ? result.records.map((row) => ({ ...row, street: row.line2 ? `${row.line1}, ${row.line2}` : row.line1 }))
        : result.records) as unknown as MapRecord[],
    );
  showSeed(result.seed);
  jsonText.value = jsonDetails.open ? resultJson() : '';
  results.hidden = false;
  status.textContent = result.seed === undefined ? `Looked up ${what}.` : `Generated ${what} with seed ${result.seed}.`;
  // Marked after the next frame, when the rows have been laid out and painted: bench/web.bench.ts reads it.
  requestAnimationFrame(() => setTimeout(() => performance.mark('ussynth:rendered'), 0));
}

/** The seed used, with a button that puts it back in the field; nothing for a lookup, which has no seed. */
function showSeed(seed: string | undefined): void {
  seedUsed.hidden = seed === undefined;
  if (seed === undefined) {
    seedUsed.replaceChildren();
    return;
  }
  const code = document.createElement('code');
  code.id = 'seed-value';
  code.textContent = seed;
  seedUsed.replaceChildren(
    'Seed used: ',
    code,
    '. The same seed and options give the same records here and in the ussynth library. ',
  );
  const reuse = document.createElement('button');
  reuse.type = 'button';
  reuse.id = 'reuse-seed';
  reuse.textContent = 'Reuse this seed';
  reuse.addEventListener('click', () => {
    seedInput.value = seed;
    seedInput.focus();
  });
  seedUsed.append(reuse);
}

async function copyJson(): Promise<void> {
  if (!last) return;
  const text = resultJson();
  try {
    await navigator.clipboard.writeText(text);
    status.textContent = `Copied ${plural(last.result.request.kind, last.result.records.length)} as JSON.`;
  } catch {
    jsonDetails.open = true;
    jsonText.value = text;
    jsonText.select();
    jsonText.focus();
    status.textContent =
      'The browser did not allow copying: the JSON is selected below, press Ctrl+C (or ⌘C) to copy it.';
  }
}

/** Downloads the JSON, or the CSV of the result's first or second table. */
function download(extension: 'csv' | 'json', table = 0): void {
  if (!last) return;
  const { result } = last;
  // A lookup's file is named by its ZIP (`ussynth-zip-10001.csv`), a generation's by its seed.
  const base = result.seed ?? result.request.zip;
  if (extension === 'json') {
    const name = resultFileName(result.request.kind, base, extension);
    downloadText(document, name, resultJson(), 'application/json');
    status.textContent = `Downloaded ${name}.`;
    return;
  }
  const tables = resultTables(result);
  const csv = tables[table];
  if (csv === undefined) return;
  // One table: `ussynth-batch-42.csv`; two: `ussynth-household-42-people.csv`, named by the CLI's table.
  const name = resultFileName(result.request.kind, base, extension, tables.length === 1 ? undefined : csv.table);
  downloadText(document, name, csv.text, 'text/csv');
  status.textContent = `Downloaded ${name}.`;
}

async function start(): Promise<void> {
  showFieldsFor(selectedKind());
  form.addEventListener('change', (event) => {
    if ((event.target as HTMLInputElement).name === 'kind') showFieldsFor(selectedKind());
  });
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    void generate();
  });
  byId('copy-json').addEventListener('click', () => void copyJson());
  byId('download-csv').addEventListener('click', () => download('csv'));
  byId('download-csv-2').addEventListener('click', () => download('csv', 1));
  byId('download-json').addEventListener('click', () => download('json'));
  // The picker appends a field to the list; its column name can then be edited in the box (column=field).
  fieldPicker.append(...FIELD_NAMES.map((field) => new Option(field, field)));
  byId('add-field').addEventListener('click', () => {
    const list = fieldsInput.value.trim();
    fieldsInput.value = list === '' ? fieldPicker.value : `${list},${fieldPicker.value}`;
    fieldsInput.focus();
  });
  jsonDetails.addEventListener('toggle', () => {
    if (jsonDetails.open) jsonText.value = resultJson();
  });

  try {
    // Relative to the page, so the demo works from any folder of any static host.
    index = await loadIndex(new URL(__USSYNTH_INDEX_URL__, document.baseURI));
  } catch (error) {
    showAlert(`Could not load the data index: ${(error as Error).message}. Reload the page to try again.`);
    status.textContent = 'Not ready: the data index did not load.';
    return;
  }
  const options = document.createDocumentFragment();
  for (const state of index.states) {
    if (state.zipCount === 0 || state.areaCodeCount === 0) continue;
    options.append(new Option(`${state.code}: ${state.name}`, state.code));
  }
  stateSelect.append(options);
  byId('versions').textContent = `Generator ${GENERATOR_VERSION}, dataset ${index.datasetVersion}.`;
  updateGenerateButton();
  status.textContent = 'Ready.';
  performance.mark('ussynth:ready');
}

void start();
