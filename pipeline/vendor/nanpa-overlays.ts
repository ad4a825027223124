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
/** Source of the rows not yet checked against a stored copy of their relief records. */
const UNCHECKED = 'transcribed from NANPA relief planning records; not checked against a stored copy in this session';

/**
 * Each row: overlay code, state, the codes it overlays (older first; a
 * newer overlay of the same codes lists the older overlay too), the month
 * its first central office codes were opened (its in-service date, or for a
 * code activated before its parents' exhaustion, that exhaustion as
 * projected), and the source of the row.
 */
export const NANPA_OVERLAYS: readonly (readonly [overlay: string, state: string, overlays: string, inService: string, source: string])[] = [
  ['220', 'OH', '740', '2015-04', 'checked: Area codes 740 and 220 (Wikipedia, mirrored at mediawiki.feverous.co.uk): effective April 22, 2015'],
  ['223', 'PA', '717', '2018-03', UNCHECKED],
  ['227', 'MD', '301 240', '2023-06', 'checked: https://en.wikipedia.org/wiki/Area_codes_301,_240,_and_227 (added June 14, 2023)'],
  ['235', 'MO', '573', '2024-03', 'checked: https://en.wikipedia.org/wiki/Area_codes_573_and_235 (added March 24, 2024)'],
  ['240', 'MD', '301', '1997-06', 'checked: https://en.wikipedia.org/wiki/Area_codes_301,_240,_and_227 (overlay of 301 in 1997)'],
  ['272', 'PA', '570', '2013-10', UNCHECKED],
  ['274', 'WI', '920', '2028-01', 'checked: https://en.wikipedia.org/wiki/Area_codes_920_and_274 (activated May 5, 2023); WBAY/PSC 2023: 274 assigned only once 920 is exhausted, since forecast for 2028 (Grokipedia on the same article): that forecast is the date given'],
  ['279', 'CA', '916', '2018-03', UNCHECKED],
  ['283', 'OH', '513', '2024-01', 'checked in part: https://en.wikipedia.org/wiki/Area_codes_513_and_283 (reserved in 2000, suspended; no need projected before 2023); the in-service month was not found'],
  ['324', 'FL', '904', '2024-02', 'checked: https://en.wikipedia.org/wiki/Area_codes_904_and_324 (2024); month from a local report (February 26, 2024)'],
  ['326', 'OH', '937', '2020-03', UNCHECKED],
  ['327', 'AR', '870', '2024-08', UNCHECKED],
  ['329', 'NY', '845', '2024-01', UNCHECKED],
  ['331', 'IL', '630', '2007-10', UNCHECKED],
  ['332', 'NY', '212 646', '2017-06', 'issue 33 (332 came in 2017); 646 listed as the older overlay of the same code'],
  ['339', 'MA', '781', '2001-05', UNCHECKED],
  ['341', 'CA', '510', '2019-11', UNCHECKED],
  ['346', 'TX', '713 281 832', '2014-07', 'issue 33 (346 came in 2014)'],
  ['347', 'NY', '718', '1999-10', UNCHECKED],
  ['350', 'CA', '209', '2022-06', UNCHECKED],
  ['351', 'MA', '978', '2001-05', UNCHECKED],
  ['353', 'WI', '608', '2023-06', 'checked in part: 2023, as 274 (Door County Pulse on 274: "a similar process ... in the 608 area code"); month not checked'],
  ['363', 'NY', '516', '2024-06', UNCHECKED],
  ['364', 'KY', '270', '2024-02', UNCHECKED],
  ['369', 'CA', '707', '2024-06', UNCHECKED],
  ['380', 'OH', '614', '2016-09', 'checked in part: WOUB 2014 (380 to be added to 614 in 2016); month not checked'],
  ['385', 'UT', '801', '2009-03', UNCHECKED],
  ['424', 'CA', '310', '2006-08', UNCHECKED],
  ['430', 'TX', '903', '2003-02', UNCHECKED],
  ['442', 'CA', '760', '2009-11', UNCHECKED],
  ['443', 'MD', '410', '1997-06', 'checked: Baltimore Sun 2022 ("240 and 443 came along in 1997; in 2012 ... 667")'],
  ['447', 'IL', '217', '2021-04', UNCHECKED],
  ['448', 'FL', '850', '2022-06', UNCHECKED],
  ['458', 'OR', '541', '2010-02', UNCHECKED],
  ['463', 'IN', '317', '2019-07', UNCHECKED],
  ['464', 'IL', '708', '2022-03', UNCHECKED],
  ['469', 'TX', '214 972', '1999-07', 'issue 33 (469 has served Dallas since 1999)'],
  ['470', 'GA', '404 770 678', '2010-09', UNCHECKED],
  ['472', 'NC', '910', '2022-03', UNCHECKED],
  ['475', 'CT', '203', '2009-12', UNCHECKED],
  ['531', 'NE', '402', '2011-08', UNCHECKED],
  ['534', 'WI', '715', '2010-07', 'checked in part: WBAY 2023 (534 numbers assigned in 715 from 2010); month not checked'],
  ['539', 'OK', '918', '2011-04', UNCHECKED],
  ['551', 'NJ', '201', '2001-12', UNCHECKED],
  ['557', 'MO', '314', '2022-05', UNCHECKED],
  ['564', 'WA', '360', '2017-06', UNCHECKED],
  ['567', 'OH', '419', '2002-01', UNCHECKED],
  ['572', 'OK', '405', '2021-03', UNCHECKED],
  ['582', 'PA', '814', '2022-12', UNCHECKED],
  ['628', 'CA', '415', '2015-03', UNCHECKED],
  ['629', 'TN', '615', '2015-02', UNCHECKED],
  ['640', 'NJ', '609', '2018-09', UNCHECKED],
  ['645', 'FL', '305 786', '2023-08', UNCHECKED],
  ['646', 'NY', '212', '1999-07', UNCHECKED],
  ['656', 'FL', '813', '2022-06', UNCHECKED],
  ['657', 'CA', '714', '2008-09', UNCHECKED],
  ['667', 'MD', '410 443', '2012-06', 'checked: Baltimore Sun 2022 ("In 2012, officials introduced the 667 area code")'],
  ['669', 'CA', '408', '2012-11', UNCHECKED],
  ['678', 'GA', '404 770', '1998-01', UNCHECKED],
  ['680', 'NY', '315', '2017-09', UNCHECKED],
  ['681', 'WV', '304', '2009-03', UNCHECKED],
  ['686', 'VA', '804', '2022-02', UNCHECKED],
  ['689', 'FL', '407 321', '2019-06', UNCHECKED],
  ['720', 'CO', '303', '1998-06', 'checked: Colorado PUC 748 FAQ ("In 1998, the 720 NPA was implemented as an overlay over the 303 NPA")'],
  ['725', 'NV', '702', '2014-06', UNCHECKED],
  ['730', 'IL', '618', '2021-02', UNCHECKED],
  ['737', 'TX', '512', '2013-07', UNCHECKED],
  ['738', 'CA', '213 323', '2025-01', UNCHECKED],
  ['743', 'NC', '336', '2021-03', UNCHECKED],
  ['747', 'CA', '818', '2009-05', UNCHECKED],
  ['748', 'CO', '970', '2026-10', 'checked: Colorado PUC 748 FAQ and https://en.wikipedia.org/wiki/Area_codes_970_and_748 (overlays 970; activated July 7, 2025; no central office code before 970 is exhausted, projected 4th quarter 2026: the date given is that projection)'],
  ['754', 'FL', '954', '2001-08', UNCHECKED],
  ['762', 'GA', '706', '2006-05', UNCHECKED],
  ['820', 'CA', '805', '2018-03', UNCHECKED],
  ['821', 'SC', '864', '2024-03', UNCHECKED],
  ['826', 'VA', '540', '2022-08', UNCHECKED],
  ['832', 'TX', '713 281', '1999-01', 'issue 33 (832 has served Houston since 1999)'],
  ['835', 'PA', '610 484', '2024-03', UNCHECKED],
  ['838', 'NY', '518', '2023-09', UNCHECKED],
  ['839', 'SC', '803', '2020-02', UNCHECKED],
  ['840', 'CA', '909', '2021-03', UNCHECKED],
  ['848', 'NJ', '732', '2001-12', UNCHECKED],
  ['854', 'SC', '843', '2015-09', UNCHECKED],
  ['878', 'PA', '412 724', '2001-08', UNCHECKED],
  ['917', 'NY', '212 718', '1992-01', UNCHECKED],
  ['929', 'NY', '718 347', '2011-04', '347 listed as the older overlay of the same code'],
  ['930', 'IN', '812', '2015-03', UNCHECKED],
  ['934', 'NY', '631', '2016-07', UNCHECKED],
  ['938', 'AL', '256', '2010-12', UNCHECKED],
  ['943', 'GA', '404 770 678 470', '2022-05', '470 listed as the older overlay of the same codes'],
  ['945', 'TX', '214 972 469', '2021-05', 'issue 33 (945 came in 2021)'],
  ['947', 'MI', '248', '2002-04', UNCHECKED],
  ['948', 'VA', '757', '2022-08', UNCHECKED],
  ['959', 'CT', '860', '2015-08', UNCHECKED],
  ['975', 'MO', '816', '2022-10', UNCHECKED],
  ['983', 'CO', '303 720', '2022-06', 'checked: Steamboat Pilot/Post Independent 2025 ("983 ... adopted in June 2022") and Colorado PUC 748 FAQ'],
  ['984', 'NC', '919', '2011-03', UNCHECKED],
  ['986', 'ID', '208', '2017-06', UNCHECKED],
];

/** Writes datasets/nanpa-overlays/overlays.tsv from {@link NANPA_OVERLAYS}. */
export async function vendorNanpaOverlays(): Promise<SourceInfo> {
  const rows = [...NANPA_OVERLAYS].sort((a, b) => byCodeUnit(a[0], b[0]));
  const path = writeDatasetLines('nanpa-overlays/overlays.tsv', ['overlay\tstate\toverlays\tin_service\tsource', ...rows.map((r) => r.join('\t'))]);
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
      'One row per overlay code: the code, its state, the codes it overlays (space-separated, the older code first; a newer overlay ' +
      'of the same codes lists the older overlay too), in_service (YYYY-MM: the month its first exchanges opened, or the projected ' +
      "exhaustion of its parents when it was activated before it: 748, 274) and the row's source. Listed: overlay codes the geocoding " +
      'data gives no place (or a wrong one: 934), the NYC overlays, and (issue 33) the overlays of the complexes it names (720, 832, ' +
      "469, 240, 443, 678). Sources marked checked were read in a stored copy of the page named; the others are transcribed and are " +
      `to be checked against NANPA's planning letters. Sorted by code. ${rows.length} rows. The build checks each code against ` +
      'libphonenumber-js (geographic, same state) and that a newer overlay of the same codes lists the older one (748 over 303/720, ' +
      'after 983, fails it).',
    files: [{ path, rows: rows.length }],
  };
}
