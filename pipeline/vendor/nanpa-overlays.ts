import type { SourceInfo } from './source-info.js';
import { byCodeUnit } from '../../src/code-unit-order.js';
import { writeDatasetLines } from './write-dataset-file.js';

/**
 * NANPA's overlay relationships for the geographic area codes whose
 * exchanges libphonenumber's geocoding data places nowhere (an overlay
 * added without places: 917, 929, 424, 747, 737, 346, ...) or places
 * wrongly (934, Suffolk County's overlay of 631, labelled "New York, NY"),
 * and the NYC overlays (646, 332, 347) whose own entries name a state only.
 * No registry package carries this list, so it is transcribed here from
 * NANPA's published area-code data: overlay code, state, the codes it
 * overlays (the older code of the same area first). The build checks every
 * row against libphonenumber-js: each code must be a geographic code of
 * the state given.
 */
export const NANPA_OVERLAYS: readonly (readonly [overlay: string, state: string, overlays: string])[] = [
  ['220', 'OH', '740'], ['223', 'PA', '717'], ['227', 'MD', '301 240'], ['235', 'MO', '573'], ['272', 'PA', '570'],
  ['274', 'WI', '920'], ['279', 'CA', '916'], ['283', 'OH', '513'], ['324', 'FL', '904'], ['326', 'OH', '937'],
  ['327', 'AR', '870'], ['329', 'NY', '845'], ['331', 'IL', '630'], ['332', 'NY', '212'], ['339', 'MA', '781'],
  ['341', 'CA', '510'], ['346', 'TX', '713 281 832'], ['347', 'NY', '718'], ['350', 'CA', '209'], ['351', 'MA', '978'],
  ['353', 'WI', '608'], ['363', 'NY', '516'], ['364', 'KY', '270'], ['369', 'CA', '707'], ['380', 'OH', '614'],
  ['385', 'UT', '801'], ['424', 'CA', '310'], ['430', 'TX', '903'], ['442', 'CA', '760'], ['447', 'IL', '217'],
  ['448', 'FL', '850'], ['458', 'OR', '541'], ['463', 'IN', '317'], ['464', 'IL', '708'], ['470', 'GA', '404 770 678'],
  ['472', 'NC', '910'], ['475', 'CT', '203'], ['531', 'NE', '402'], ['534', 'WI', '715'], ['539', 'OK', '918'],
  ['551', 'NJ', '201'], ['557', 'MO', '314'], ['564', 'WA', '360'], ['567', 'OH', '419'], ['572', 'OK', '405'],
  ['582', 'PA', '814'], ['628', 'CA', '415'], ['629', 'TN', '615'], ['640', 'NJ', '609'], ['645', 'FL', '305 786'],
  ['646', 'NY', '212'], ['656', 'FL', '813'], ['657', 'CA', '714'], ['667', 'MD', '410 443'], ['669', 'CA', '408'],
  ['680', 'NY', '315'], ['681', 'WV', '304'], ['686', 'VA', '804'], ['689', 'FL', '407 321'], ['725', 'NV', '702'],
  ['730', 'IL', '618'], ['737', 'TX', '512'], ['738', 'CA', '213 323'], ['743', 'NC', '336'], ['747', 'CA', '818'],
  ['748', 'CO', '303 720'], ['754', 'FL', '954'], ['762', 'GA', '706'], ['820', 'CA', '805'], ['821', 'SC', '864'],
  ['826', 'VA', '540'], ['835', 'PA', '610 484'], ['838', 'NY', '518'], ['839', 'SC', '803'], ['840', 'CA', '909'],
  ['848', 'NJ', '732'], ['854', 'SC', '843'], ['878', 'PA', '412 724'], ['917', 'NY', '212 718'], ['929', 'NY', '718'],
  ['930', 'IN', '812'], ['934', 'NY', '631'], ['938', 'AL', '256'], ['943', 'GA', '404 770 678'], ['945', 'TX', '214 972 469'],
  ['947', 'MI', '248'], ['948', 'VA', '757'], ['959', 'CT', '860'], ['975', 'MO', '816'], ['983', 'CO', '303 720'],
  ['984', 'NC', '919'], ['986', 'ID', '208'],
];

/** Writes datasets/nanpa-overlays/overlays.tsv from {@link NANPA_OVERLAYS}. */
export async function vendorNanpaOverlays(): Promise<SourceInfo> {
  const rows = [...NANPA_OVERLAYS].sort((a, b) => byCodeUnit(a[0], b[0]));
  const path = writeDatasetLines('nanpa-overlays/overlays.tsv', ['overlay\tstate\toverlays', ...rows.map((r) => r.join('\t'))]);
  return {
    folder: 'nanpa-overlays',
    title: 'Area-code overlays (which code overlays which)',
    publisher: 'North American Numbering Plan Administrator (NANPA)',
    url: 'https://www.nationalnanpa.com/area_codes/ (area code maps and planning letters: overlay relief of each NPA)',
    edition: 'overlays in service or announced by 2026',
    licence: 'Facts of public numbering administration (not copyrightable); table MIT as part of ussynth',
    attribution: 'Overlay relationships from NANPA (nationalnanpa.com). No attribution required.',
    package: 'none: no registry package carries the list; transcribed into pipeline/vendor/nanpa-overlays.ts',
    pathInPackage: '-',
    changes:
      'One row per overlay code: the code, its state and the codes it overlays (space-separated, the older code first). ' +
      'Only overlay codes the geocoding data gives no place (or a wrong one: 934) and the NYC overlays are listed; ' +
      `sorted by code. ${rows.length} rows. The build checks each code against libphonenumber-js (geographic, same state).`,
    files: [{ path, rows: rows.length }],
  };
}
