import type { SourceInfo } from './source-info.js';
import { byCodeUnit } from '../../src/code-unit-order.js';
import { writeDatasetLines } from './write-dataset-file.js';

/**
 * Federal Reserve routing symbols (the first four digits of a routing
 * number) of commercial banks, as Regulation CC's Appendix A lists them
 * under the one check-processing office left since 27 February 2010
 * (the Fourth District's head office, Cleveland; 75 FR 219, 5 January 2010),
 * in the order the appendix gives them. Transcribed from two stored copies of
 * the appendix (govregs.com and frrsdigital.com, the Fed's own FRRS text),
 * which agree; both copies were cut after 0912, so the symbols of the
 * Ninth District after 0912 and of the Tenth to Twelfth Districts are not
 * here (docs/identifiers.md). Each has a thrift counterpart, the symbol
 * plus 2000 ("Adding 2 to the first digit denotes a thrift institution",
 * paragraph B; the FRRS copy lists each pair, 0110 2110 ...), which the
 * vendored file lists too.
 */
export const REG_CC_BANK_SYMBOLS = (
  '0110 0111 0112 0113 0114 0115 0116 0117 0118 0119 0210 0211 0212 0213 0214 0215 0216 0219 0220 0223 0260 0280 ' +
  '0310 0311 0312 0313 0319 0360 0410 0412 0420 0421 0422 0423 0430 0432 0433 0434 0440 0441 0442 0510 0514 0515 ' +
  '0519 0520 0521 0522 0530 0531 0532 0539 0540 0550 0560 0570 0610 0611 0612 0613 0620 0621 0622 0630 0631 0632 ' +
  '0640 0641 0642 0650 0651 0652 0653 0654 0655 0660 0670 0710 0711 0712 0719 0720 0724 0730 0739 0740 0749 0750 ' +
  '0759 0810 0812 0813 0815 0819 0820 0829 0830 0839 0840 0841 0842 0843 0863 0865 0910 0911 0912'
).split(' ');

/** Writes datasets/fed-routing-symbols/routing-symbols.csv from {@link REG_CC_BANK_SYMBOLS}. */
export async function vendorFedRoutingSymbols(): Promise<SourceInfo> {
  const rows = REG_CC_BANK_SYMBOLS.flatMap((symbol) => {
    const district = symbol.slice(0, 2);
    const thrift = String(Number(symbol[0]) + 2) + symbol.slice(1);
    return [
      [symbol, district, 'bank'],
      [thrift, district, 'thrift'],
    ];
  }).sort((a, b) => byCodeUnit(a[0], b[0]));
  const path = writeDatasetLines('fed-routing-symbols/routing-symbols.csv', [
    'symbol,district,kind',
    ...rows.map((r) => r.join(',')),
  ]);
  return {
    folder: 'fed-routing-symbols',
    title: 'Federal Reserve routing symbols (first four digits of routing numbers)',
    publisher: 'Board of Governors of the Federal Reserve System (Regulation CC, 12 CFR Part 229, Appendix A)',
    url: 'https://www.ecfr.gov/current/title-12/chapter-II/subchapter-A/part-229/appendix-Appendix%20A%20to%20Part%20229',
    edition:
      'Appendix A as amended effective 27 February 2010 (75 FR 219): one check-processing region, Cleveland head office',
    licence: 'US government work (public domain)',
    attribution: 'Federal Reserve routing symbols from Regulation CC, Appendix A. No attribution required.',
    package: 'none: no registry package carries the list; transcribed into pipeline/vendor/fed-routing-symbols.ts',
    pathInPackage: '-',
    changes:
      "One row per symbol: the symbol, its Federal Reserve District (the first two digits of the bank's symbol, 01-12) and kind " +
      '(bank; thrift, the bank symbol with 2 added to its first digit, per paragraph B of the appendix). Transcribed from stored ' +
      'copies of the appendix (govregs.com, frrsdigital.com), which agree and were both cut after 0912: the Ninth District after ' +
      `0912 and the Tenth to Twelfth Districts are missing. Sorted by symbol. ${rows.length} rows.`,
    notes: [
      'Routing numbers beginning 61-72 (electronic-only) and 80 (traveler\u2019s checks) have no Appendix A symbols and are not listed.',
    ],
    files: [{ path, rows: rows.length }],
  };
}
