import { SourceError } from '../../source-error.js';
import { SourceReport } from '../../source-report.js';
import { ANCHOR_FILE, SURNAMES_FILE, type SurnamesRaw } from './extract.js';

/** Checked surnames in rank order, and the anchor weights in rank order. */
export interface SurnamesValid {
  surnames: string[];
  anchorWeights: number[];
  reports: SourceReport[];
}

/** Surnames: letters, apostrophes, hyphens and spaces; a repeat keeps its first (higher) rank. */
export function validateSurnames(raw: SurnamesRaw): SurnamesValid {
  const report = new SourceReport(SURNAMES_FILE);
  const seen = new Set<string>();
  const surnames: string[] = [];
  for (const {
    line,
    fields: [name],
  } of raw.surnames) {
    report.read();
    if (!/^[A-Za-z][A-Za-z' -]*$/.test(name))
      throw new SourceError(SURNAMES_FILE, line, `surname must be letters, found ${JSON.stringify(name)}`);
    if (seen.has(name.toLowerCase())) {
      report.reject('duplicate_surname');
      continue;
    }
    seen.add(name.toLowerCase());
    surnames.push(name);
  }
  const anchorReport = new SourceReport(ANCHOR_FILE);
  const anchorWeights = raw.anchor.map(({ line, fields: [, weight] }) => {
    anchorReport.read();
    const value = Number(weight);
    if (!(value > 0))
      throw new SourceError(ANCHOR_FILE, line, `weight must be a positive number, found ${JSON.stringify(weight)}`);
    return value;
  });
  for (let i = 1; i < anchorWeights.length; i++) {
    if (anchorWeights[i] > anchorWeights[i - 1])
      throw new SourceError(ANCHOR_FILE, raw.anchor[i].line, 'weights must not increase: the file is in rank order');
  }
  return { surnames, anchorWeights, reports: [report, anchorReport] };
}
