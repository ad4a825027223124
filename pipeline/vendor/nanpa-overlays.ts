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
  ['223', 'PA', '717', '2017-09', 'checked: https://www.publicopiniononline.com/story/news/local/2017/01/19/all-717-calls-must-10-digits-fall/96783542/ (PUC plan: no 223 numbers released before Sept. 26, 2017) and https://iiab.me/kiwix/content/wikipedia_en_all_maxi_2023-10/A/Area_code_223 (223 added in 2017)'],
  ['227', 'MD', '301 240', '2023-06', 'checked: https://en.wikipedia.org/wiki/Area_codes_301,_240,_and_227 (added June 14, 2023)'],
  ['235', 'MO', '573', '2024-03', 'checked: https://en.wikipedia.org/wiki/Area_codes_573_and_235 (added March 24, 2024)'],
  ['240', 'MD', '301', '1997-06', 'checked: https://en.wikipedia.org/wiki/Area_codes_301,_240,_and_227 (overlay of 301 in 1997)'],
  ['272', 'PA', '570', '2013-10', 'checked: https://www.citizensvoice.com/news/dialing-in-new-272-area-code/article_a6139f4a-724f-5712-bca4-b1f67218f7a0.html (272 went into service Oct. 21, 2013)'],
  ['274', 'WI', '920', '2028-01', 'checked: https://en.wikipedia.org/wiki/Area_codes_920_and_274 (activated May 5, 2023); WBAY/PSC 2023: 274 assigned only once 920 is exhausted, since forecast for 2028 (Grokipedia on the same article): that forecast is the date given'],
  ['279', 'CA', '916', '2018-03', 'checked: https://www.cpuc.ca.gov/industries-and-topics/internet-and-phone/area-codes-and-numbering/916-area-code (279 overlay effective March 10, 2018)'],
  ['283', 'OH', '513', '2024-01', 'checked in part: https://en.wikipedia.org/wiki/Area_codes_513_and_283 (reserved in 2000, suspended; no need projected before 2023); the in-service month was not found'],
  ['324', 'FL', '904', '2024-02', 'checked: https://en.wikipedia.org/wiki/Area_codes_904_and_324 (2024); month from a local report (February 26, 2024)'],
  ['326', 'OH', '937', '2020-03', 'checked: https://en.wikipedia.org/wiki/Area_codes_937_and_326 (326 activated March 8, 2020)'],
  ['327', 'AR', '870', '2024-02', 'checked: https://www.jonesborosun.com/announcements/new-area-code-coming-to-the-870-area-code-region/article_90286ae5-5431-5e01-a1b7-4a95c34f9cc6.html (Arkansas PSC: new lines may get 327 numbers from Feb. 20, 2024)'],
  ['329', 'NY', '845', '2023-03', 'checked: https://hudsonvalleyone.com/2023/03/17/ulster-county-is-running-out-of-phone-numbers-new-area-code-introduced/ (new service assigned 329 from March 24, 2023)'],
  ['331', 'IL', '630', '2007-10', 'checked: https://en.wikipedia.org/wiki/Area_codes_630_and_331 (331 overlaid 630 from Oct. 7, 2007)'],
  ['332', 'NY', '212 646', '2017-06', 'issue 33 (332 came in 2017); 646 listed as the older overlay of the same code'],
  ['339', 'MA', '781', '2001-05', 'checked in part: https://www.phone2.io/area-codes/781 (781 overlaid with 339 in 2001); month from the same plan\'s 351 (http://peoplepublicrecords.org/massachusetts-area-code-directory.html: overlay of May 2, 2001)'],
  ['341', 'CA', '510', '2019-07', 'checked: https://tustrucos.com/341-area-code/ (effective July 22, 2019) and https://abc7news.com/east-bay-area-code-341-510/5357557/ (June 25, 2019: 341 coming next month)'],
  ['346', 'TX', '713 281 832', '2014-07', 'issue 33 (346 came in 2014)'],
  ['347', 'NY', '718', '1999-10', UNCHECKED],
  ['350', 'CA', '209', '2022-11', 'checked: https://unitedpowerpartners.com/cpuc-reminds-consumers-of-new-350-area-code-coming-to-the-209-area-code-region-on-november-28-2022 (CPUC: 350 effective Nov. 28, 2022) and https://en.m.wikipedia.org/wiki/Area_code_209 (assigned Nov. 28, 2022)'],
  ['351', 'MA', '978', '2001-05', 'checked: http://peoplepublicrecords.org/massachusetts-area-code-directory.html (351 overlaid 978 on May 2, 2001)'],
  ['353', 'WI', '608', '2024-01', 'checked in part: https://en.wikipedia.org/wiki/Area_codes_608_and_353 (in-service date Sept. 15, 2023; its codes activated only once 608 is exhausted) and https://madison.com/news/state-regional/area-code-wisconsin-353-608/article_aeb5c2e0-36cc-11ee-931b-cf6bff3efcd4.html (PSC: 608 runs out by Q1 2024 or sooner, 353 used then); the month of 608\'s exhaustion was not found: 2024-01, the start of that projection'],
  ['363', 'NY', '516', '2024-06', UNCHECKED],
  ['364', 'KY', '270', '2014-03', 'checked: http://www.courierpress.com/gleaner/news/ten-new-area-code-facts (Kentucky PSC: 364 numbers may be distributed from March 3, 2014) and https://en.wikipedia.org/wiki/Area_codes_270_and_364 (added in 2014)'],
  ['369', 'CA', '707', '2023-02', 'checked: https://www.hubbry.com/Area_code_707 (Wikipedia text: 369 added Feb. 1, 2023) and https://wikisum.wiki/wiki/Area_codes_707_and_369 (NANPA set the overlay\'s effective date to Feb. 1, 2023)'],
  ['380', 'OH', '614', '2016-02', 'checked: https://www.delgazette.com/2016/02/02/380-area-code-on-the-way-to-delaware-county/ (PUCO: 380 introduced from Feb. 27, 2016) and https://www.cantonrep.com/story/news/state/2015/03/04/new-380-area-code-to/35063493007/ (NANPA: 380 not used before late February 2016)'],
  ['385', 'UT', '801', '2009-03', 'checked: http://eot.us.archive.org/eot/20161118024309/http:/publicutilities.utah.gov/area-code-overlay.html (Utah DPU: 385 numbers assigned as early as March 29, 2009); Wikipedia\'s "entered service June 1, 2008" is the start of permissive dialing'],
  ['424', 'CA', '310', '2006-08', 'checked: https://www.cpuc.ca.gov/General.aspx?id=2775 (CPUC: overlay effective Aug. 26, 2006) and https://argonautnews.com/310-area-code-11-digit-dialing-starts-july-26/ (424 numbers from Aug. 26)'],
  ['430', 'TX', '903', '2003-04', 'checked: https://www.verizon.com/about/news/press-releases/transition-period-begins-weekend-new-430-area-code-northeast-texas (Verizon: 430 assigned to new lines starting April 2003); https://en.wikipedia.org/wiki/Area_codes_903_and_430 gives Feb. 15, 2003, the start of mandatory 10-digit dialing'],
  ['442', 'CA', '760', '2009-11', 'checked: http://www.borregospringschamber.com/aspnet_client/AreaCode/index.html (new lines may get 442 numbers from Nov. 21, 2009) and https://kids.kiddle.co/Area_codes_760_and_442 (effective Nov. 21, 2009)'],
  ['443', 'MD', '410', '1997-06', 'checked: Baltimore Sun 2022 ("240 and 443 came along in 1997; in 2012 ... 667")'],
  ['447', 'IL', '217', '2021-03', 'checked: https://www.wandtv.com/news/447-added-as-overlay-for-217-area-code-region/article_98180d9c-e646-11ea-b649-8f23ad4a9cdb.html (ICC: new lines may get 447 numbers from March 27, 2021)'],
  ['448', 'FL', '850', '2021-03', 'checked: http://ecbpublishing.com/goodbye-850-2 (Florida PSC: new lines assigned 448 from March 20, 2021)'],
  ['458', 'OR', '541', '2010-02', 'checked: http://www.vzmultimedia.com/customersupport/areacodes/oregon/oregon.html (new lines may get 458 numbers from Feb. 10, 2010) and https://en.m.wikipedia.org/wiki/Area_codes_541_and_458 (effective Feb. 10, 2010; its first exchange issued in Aug. 2011)'],
  ['463', 'IN', '317', '2019-11', 'checked: https://www.ipm.org/2019-10-11/10digit-dialing-mandatory-317-area-code-saturday-107064 (10-digit dialing from Oct. 15, 2019; new numbers may be 463 from mid-November 2019); Wikipedia\'s March 15, 2016 is the start of a permissive dialing period'],
  ['464', 'IL', '708', '2022-01', 'checked: https://www.nbcchicago.com/news/local/new-area-code-comes-to-suburban-chicagos-708-region-this-month/2730071/ (ICC: new lines may get 464 numbers from Jan. 21, 2022)'],
  ['469', 'TX', '214 972', '1999-07', 'issue 33 (469 has served Dallas since 1999)'],
  ['470', 'GA', '404 770 678', '2010-02', 'checked: https://en.wikipedia.org/wiki/Area_code_678 (470 activated Feb. 26, 2010) and https://www.covnews.com/rockdale-archives/growing-again-new-area-code-for-metro-atlanta/ (470 first activated in 2010)'],
  ['472', 'NC', '910', '2023-01', 'checked in part: https://www.fayobserver.com/story/news/2022/02/11/nc-cumberland-new-hanover-onslow-robeson-472-area-code/6726949001/ (NCUC: 472 in service Oct. 7, 2022) and https://www.wwaytv3.com/472-area-code-coming-to-910-region-in-southeastern-nc/ (no 472 numbers before 910 is exhausted, projected Q1 2023); the month of 910\'s exhaustion was not found: 2023-01, the start of that projection'],
  ['475', 'CT', '203', '2009-12', 'checked: http://www.vzmultimedia.com/customersupport/areacodes/connecticut/connecticut.html (new lines may get 475 numbers from Dec. 12, 2009)'],
  ['531', 'NE', '402', '2011-03', 'checked in part: https://kiwix.haohe.fun/content/wikipedia_en_all_maxi_2024-01/A/Area_code_402 (531 added in March 2011) and https://omahatelephonehistory.blogspot.com/2010/05/great-531-overlay-of-2011.html (10-digit dialing Feb. 2011, 531 in March); http://nebraska.tv/archive/new-531-area-code-still-years-away (AP: first 531 codes at least four years off, once 402 is down to 10 prefixes): the month of the first 531 exchange was not found'],
  ['534', 'WI', '715', '2010-08', 'checked: http://newsofthenorth.net/printFriendly.cfm?articleID=28783 (PSC: 534 numbers may be assigned from Aug. 14, 2010) and the Wisconsin Senate release http://legis.wisconsin.gov/senate/harsdorf/PressReleases/Pages/b-show.aspx?id=New+Area+Code+to+Begin+October+17&cat=Blog (same date)'],
  ['539', 'OK', '918', '2011-04', 'checked: http://www.tulsaworld.com/site/printerfriendlystory.aspx?articleid=20100104_46_0_Reside898056 (Corporation Commission: 539 rolled out April 1, 2011) and https://www.tulsatoday.com/2011/03/01/joomla-2435/ (10-digit dialing from March 5, 2011)'],
  ['551', 'NJ', '201', '2001-12', 'checked in part: https://wikimili.com/en/Area_codes_201_and_551 (551 added in 2001); month not found (December 2001 kept, as 848 of the same year)'],
  ['557', 'MO', '314', '2022-08', 'checked: https://en.wikipedia.org/wiki/Area_codes_314_and_557 (557 added Aug. 12, 2022) and https://www.stltoday.com/business/local/the-314s-sole-reign-is-over-but-some-say-the-beloved-area-code-is-king/article_46c36703-94a0-5ed6-b2e9-2ae2a28abb54.html (activated Aug. 12, 2022)'],
  ['564', 'WA', '360', '2017-08', 'checked in part: https://zims-en.kiwix.campusafrica.gos.orange.com/wikipedia_en_all_nopic/A/Area_code_564 (implemented July 29, 2017, with mandatory 10-digit dialing) and https://www.sanjuanjournal.com/news/new-area-code-and-dialing-procedure-for-western-washington/ (360 out of numbers early 2018); the first month 564 numbers could be assigned was not found: 2017-08, the month after 10-digit dialing became mandatory'],
  ['567', 'OH', '419', '2002-01', 'checked in part: https://visualfoodie.com/when-did-the-567-area-code-first-start (in service Jan. 1, 2002; a secondary page) and https://winenfood.com/which-ohio-cities-use-the-567-area-code (implemented 2002)'],
  ['572', 'OK', '405', '2021-05', 'checked: https://www.stwnewspress.com/news/mandatory-10-digit-dialing-begins-saturday-in-the-405/article_46942a8c-a243-11eb-97e8-5bac7f52d221.html (Corporation Commission: new numbers in the 405 region get 572 from May 24, 2021)'],
  ['582', 'PA', '814', '2022-10', 'checked in part: https://wikimili.com/en/Area_codes_814_and_582 (814 projected to exhaust in late 2022) and https://triblive.com/local/regional/states-largest-area-code-is-finally-reaching-its-limit (PUC: 582 in service May 1, 2021, its numbers assigned only once 814 is exhausted); the month of 814\'s exhaustion was not found: 2022-10, the start of that projection'],
  ['628', 'CA', '415', '2015-03', 'checked: http://www.cpuc.ca.gov/415areacode/ (CPUC: new lines may get 628 numbers from March 21, 2015)'],
  ['629', 'TN', '615', '2015-03', 'checked: https://www.smithvillereview.com/top-stories/new-year-will-bring-new-area-code/ (TRA: new lines may get 629 numbers from March 28, 2015) and https://en.wikipedia.org/wiki/Area_codes_615_and_629 (added in 2015)'],
  ['640', 'NJ', '609', '2018-09', 'checked: https://en.wikipedia.org/wiki/Area_codes_609_and_640 (640 created Sept. 17, 2018) and https://www.nbcnewyork.com/news/local/A-New-Area-Code-is-Coming-to-New-Jersey-Phone-Dial-Calls-NJ-Utilities-489512071.html (BPU: new lines may get 640 numbers from Sept. 17, 2018)'],
  ['645', 'FL', '305 786', '2023-08', 'checked in part: https://origin-exchange.autodesk.com/area-codes-in-miami-florida (645 for Miami-Dade and the Keys in August 2023; a secondary page) and https://www.wlrn.org/news/2021-12-21/south-florida-area-code-heres-how-you-can-chime-in (NANPA: 305/786 forecast to run out in Q1 2024); the first month of 645 numbers was not found in a primary source'],
  ['646', 'NY', '212', '1999-07', 'checked: http://the-uncensored-wiki.com:20151/2015-wikipedia_en_all_2015-05/A/Area_codes_212_and_646.html (Wikipedia 2015: 646 overlaid 212 on July 1, 1999)'],
  ['656', 'FL', '813', '2022-02', 'checked: https://www.observernews.net/2021/12/23/hillsborough-county-gets-set-for-10-digit-dialing-as-813-area-code-gets-656-overlay/ (new lines get 656 from Feb. 22, 2022; the page misprints the year as 2002) and https://en.wikipedia.org/wiki/Area_codes_813_and_656 (added in 2022)'],
  ['657', 'CA', '714', '2008-09', 'checked: https://grokipedia.com/page/Area_codes_714_and_657 (657 introduced Sept. 23, 2008) and http://www.cpuc.ca.gov/PUC/Telco/generalInfo/Area+Codes/714+Area+Code/ac714_busltr1stnotice.htm (CPUC 2008: 10-digit dialing mandatory from Aug. 23, 2008)'],
  ['667', 'MD', '410 443', '2012-06', 'checked: Baltimore Sun 2022 ("In 2012, officials introduced the 667 area code")'],
  ['669', 'CA', '408', '2012-11', 'checked: https://cpuc.ca.gov/industries-and-topics/internet-and-phone/area-codes-and-numbering/408-area-code (CPUC: overlay effective Nov. 20, 2012)'],
  ['678', 'GA', '404 770', '1998-01', 'checked: https://en.wikipedia.org/wiki/Area_code_678 (678 first assigned to new customers Jan. 15, 1998)'],
  ['680', 'NY', '315', '2017-03', 'checked: https://en.wikipedia.org/wiki/Area_codes_315_and_680 (680 introduced March 11, 2017) and https://www.adp.org/december-12-2016-new-york-315680-area-code-overlay/ (new lines may get 680 numbers from March 11, 2017)'],
  ['681', 'WV', '304', '2009-03', 'checked: https://wikimili.com/en/Area_codes_304_and_681 (overlay effective March 28, 2009) and http://www.jgames.co.uk/title/Area_codes_304_and_681 (NANPA Planning Letter 375: 681 numbers from March 28, 2009)'],
  ['686', 'VA', '804', '2024-07', 'checked in part: https://augustafreepress.com/news/hello-686-virginia-welcomes-new-area-code-within-804-for-new-service-additional-lines/ (SCC: 686 assignable from Feb. 1, 2024, but only once 804 runs out, expected in Q3 2024); the month of 804\'s exhaustion was not found: 2024-07, the start of that projection'],
  ['689', 'FL', '407 321', '2019-06', 'checked: https://www.superu.ai/blogs/central-florida-689-joins-321-area-code (689 numbers available from June 4, 2019, in the 407/321 area) and https://capitalsoup.com/2018/07/10/psc-adds-689-area-code-to-central-florida (PSC 2018: 689 overlays 407, where 321 is a limited overlay)'],
  ['720', 'CO', '303', '1998-06', 'checked: Colorado PUC 748 FAQ ("In 1998, the 720 NPA was implemented as an overlay over the 303 NPA")'],
  ['725', 'NV', '702', '2014-06', 'checked: http://www.reviewjournal.com/news/las-vegas/new-area-code-southern-nevada-means-10-digit-calls (PUC: new numbers get 725 from June 2014) and https://en.wikipedia.org/wiki/Area_codes_702_and_725 (overlay since May 3, 2014, the start of 10-digit dialing)'],
  ['730', 'IL', '618', '2023-07', 'checked: https://www.kfvs12.com/2023/07/07/new-730-area-code-launches-southern-ill/ (ICC: 730 numbers from July 7, 2023) and https://www.wpsdlocal6.com/news/southern-illinois-to-get-new-730-area-code-after-22-year-delay/article_ddad2188-77c3-11ed-a47b-97b780f27bfa.html (730 coming in July 2023)'],
  ['737', 'TX', '512', '2013-07', 'checked: https://thedailytexan.com/2012/06/16/central-texas-set-to-acquire-new-area-code-by-july-2013/ (PUC: new customers get 737 from July 2013) and https://smmercury.com/2013/06/05/central-texas-adjusts-to-the-737/ (10-digit dialing from June 2013)'],
  ['738', 'CA', '213 323', '2024-11', 'checked: https://wikimili.com/en/Area_codes_213%2C_323%2C_and_738 (738 activated starting November 2024) and https://www.cpuc.ca.gov/news-and-updates/all-news/cpuc-provides-more-numbers-for-213-323-area-code-2023 (CPUC approved 738 March 16, 2023; 213/323 out of prefixes by June 2025)'],
  ['743', 'NC', '336', '2016-05', 'checked: https://wschronicle.com/prepare-dial-10-numbers-local-calls/ (NCUC: new lines may get 743 numbers from May 23, 2016) and https://wikimili.com/en/Area_codes_336_and_743 (first 743 numbers issued May 2016)'],
  ['747', 'CA', '818', '2009-05', 'checked: https://www.liquisearch.com/area_codes_747_and_818/history (CPUC: 747 effective May 18, 2009; its first number block effective Oct. 11, 2009)'],
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
  ['848', 'NJ', '732', '2001-12', 'checked in part: https://iiab.me/kiwix/content/wikipedia_en_all_maxi_2023-10/A/Area_codes_732_and_848 (848 assigned in 2001); month not found'],
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
