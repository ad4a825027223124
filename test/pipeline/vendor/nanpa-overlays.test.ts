// The overlay table (datasets/nanpa-overlays/overlays.tsv, from pipeline/vendor/nanpa-overlays.ts), row by row:
// each row's source must give what the row says, so a month transcribed wrong (223 was 2018-03 where the
// PUC's plan opened it on Sept. 26, 2017) or a parent of another area (748 was listed over 303/720) fails.
import Database from 'better-sqlite3';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { validateAreaCodes } from '../../../pipeline/sources/area-codes/validate.js';
import { SHARES_AS_OF } from '../../../pipeline/transform/area-code-shares.js';
import { NANPA_OVERLAYS } from '../../../pipeline/vendor/nanpa-overlays.js';

const MONTH_NAMES: Record<string, readonly string[]> = {
  '01': ['Jan.', 'January'],
  '02': ['Feb.', 'February'],
  '03': ['March'],
  '04': ['April'],
  '05': ['May'],
  '06': ['June'],
  '07': ['July'],
  '08': ['Aug.', 'August'],
  '09': ['Sept.', 'September'],
  '10': ['Oct.', 'October'],
  '11': ['Nov.', 'November'],
  '12': ['Dec.', 'December'],
};
const PROJECTED = /project|forecast/;
const rows = NANPA_OVERLAYS.map(([overlay, state, parents, inService, source]) => ({
  overlay,
  state,
  parents: parents.split(' '),
  inService,
  source,
}));

/** Why a row's source does not back its month, or undefined when it does. */
function monthProblem(row: { inService: string; source: string }): string | undefined {
  const [year, month] = row.inService.split('-');
  if (row.source.startsWith('checked in part: '))
    return /not found/.test(row.source) ? undefined : 'a row checked in part must say what was not found';
  if (!row.source.startsWith('checked: ')) return 'the source must start "checked:" or "checked in part:"';
  if (!row.source.includes(year)) return `the source does not give the year ${year}`;
  // A month projected (a code opened only at its parents' exhaustion, dated by a forecast) is backed by the forecast's year.
  if (PROJECTED.test(row.source)) return undefined;
  return MONTH_NAMES[month].some((name) => row.source.includes(name))
    ? undefined
    : `the source does not give the month ${MONTH_NAMES[month][0]}`;
}

describe('the overlay table', () => {
  it('has a checked source for every row, naming the month and year it gives (or what was not found)', () => {
    const problems = rows.map((r) => [r.overlay, monthProblem(r)]).filter(([, problem]) => problem !== undefined);
    expect(problems).toEqual([]);
    expect(rows.filter((r) => /not checked|transcribed from/.test(r.source)).map((r) => r.overlay)).toEqual([]);
  });

  it('catches a month its source does not give (223 as first transcribed) and a row without a checked source', () => {
    const src =
      'checked: https://www.publicopiniononline.com/story/news/local/2017/01/19/all-717-calls-must-10-digits-fall/96783542/ (no 223 numbers released before Sept. 26, 2017)';
    expect(monthProblem({ inService: '2017-09', source: src })).toBeUndefined();
    expect(monthProblem({ inService: '2018-03', source: src })).toBe('the source does not give the year 2018');
    expect(monthProblem({ inService: '2017-03', source: src })).toBe('the source does not give the month March');
    expect(
      monthProblem({
        inService: '2018-03',
        source: 'transcribed from NANPA relief planning records; not checked against a stored copy in this session',
      }),
    ).toMatch(/must start/);
    expect(monthProblem({ inService: '2024-01', source: 'checked in part: 2023, a similar process' })).toMatch(
      /what was not found/,
    );
  });

  it('dates no code after the shares are estimated unless the month is a projection (274: 920 runs out in 2028)', () => {
    const future = rows.filter((r) => r.inService > SHARES_AS_OF);
    expect(future.map((r) => r.overlay)).toEqual(['274']);
    for (const r of future) expect(r.source).toMatch(PROJECTED);
  });

  it('overlays codes of its own state only, each a geographic code of the built data (748 overlays 970, in Colorado)', () => {
    const db = new Database(new URL('../../../dist-data/ussynth.sqlite', import.meta.url).pathname, { readonly: true });
    const stateOf = new Map(
      (db.prepare('SELECT area_code, state FROM area_codes').all() as { area_code: string; state: string }[]).map(
        (r) => [r.area_code, r.state],
      ),
    );
    db.close();
    const wrong = rows.flatMap((r) =>
      [r.overlay, ...r.parents].filter((code) => stateOf.get(code) !== r.state).map((code) => `${r.overlay}: ${code}`),
    );
    expect(wrong).toEqual([]);
    expect(rows.find((r) => r.overlay === '748')?.parents).toEqual(['970']);
  });

  it('is the vendored file, and passes the build checks (a newer overlay of the same codes lists the older one and opens later)', () => {
    const text = readFileSync(new URL('../../../datasets/nanpa-overlays/overlays.tsv', import.meta.url), 'utf8');
    const lines = text
      .trimEnd()
      .split('\n')
      .slice(1)
      .map((line) => line.split('\t'));
    expect(lines).toEqual([...NANPA_OVERLAYS].sort((a, b) => (a[0] < b[0] ? -1 : 1)).map((r) => [...r]));
    const overlays = lines.map((fields, i) => ({ line: i + 2, fields }));
    const valid = validateAreaCodes({ geocoding: [], validity: [], exchanges: [], overlays });
    expect(valid.overlays).toHaveLength(rows.length);
    for (const o of valid.overlays)
      for (const parent of o.overlays) {
        const listed = valid.overlays.find((p) => p.overlay === parent);
        if (listed) expect(listed.inService <= o.inService).toBe(true);
      }
  });
});
