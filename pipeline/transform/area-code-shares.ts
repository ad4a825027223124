import { byCodeUnit } from '../../src/code-unit-order.js';
import type { AreaCodeRecord, CompiledData } from '../model.js';
import { residentialWeights } from './residential.js';
import type { Overlay } from '../sources/area-codes/validate.js';

/** The month the shares are estimated for: the dataset's (2026-11). */
export const SHARES_AS_OF = '2026-11';

/**
 * Years an overlay code takes to fill, in the estimate of its exchanges in
 * service: an assumption, near the time the overlays of the table took
 * before the next code came (646 to 332: 18 years, 470 to 943: 12, 832 to
 * 346: 15, 720 to 983: 24).
 */
export const FILL_YEARS = 20;

/** Years from month `from` to month `to` (YYYY-MM). */
function yearsBetween(from: string, to: string): number {
  const months = (month: string): number => Number(month.slice(0, 4)) * 12 + Number(month.slice(5, 7)) - 1;
  return (months(to) - months(from)) / 12;
}

/**
 * The share of an area code's exchanges in service: an overlay opened
 * after its parents' exhaustion holds only what was issued since, at
 * {@link FILL_YEARS} to fill, so (months since it opened) / FILL_YEARS,
 * from 0 to 1; every other code (an overlay's parent, a code no overlay
 * shares) is taken as full.
 * @example inServiceFill({ overlay: '983', state: 'CO', overlays: ['303', '720'], inService: '2022-06' }) // 0.2208 (4.42 years of 20)
 */
export function inServiceFill(overlay: Overlay | undefined, asOf = SHARES_AS_OF): number {
  if (!overlay) return 1;
  return Math.min(1, Math.max(0, yearsBetween(overlay.inService, asOf) / FILL_YEARS));
}

/**
 * Exchanges in service of each area code, estimated: its exchanges phones
 * may use (valid in libphonenumber-js, not of special use) x
 * {@link inServiceFill}, rounded, at least 1 (every code of the data
 * keeps a draw). A state draws its codes by these counts.
 * @example exchangesInService(areaCodes, overlays).get('748') // 1: no exchange before 970 is exhausted
 */
export function exchangesInService(
  areaCodes: readonly AreaCodeRecord[],
  overlays: readonly Overlay[],
): Map<string, number> {
  const overlayOf = new Map(overlays.map((o) => [o.overlay, o]));
  return new Map(
    areaCodes.map((a) => [
      a.areaCode,
      Math.max(1, Math.round(a.exchanges.length * inServiceFill(overlayOf.get(a.areaCode)))),
    ]),
  );
}

/**
 * The area codes with their weight set to their exchanges in service
 * ({@link exchangesInService}), replacing the count of libphonenumber's
 * geocoding entries, which knows few exchanges of the codes opened since
 * the 1990s (720: 27 of Denver's, against 226 of 303).
 * @example withInServiceWeights(areaCodes, overlays).find((a) => a.areaCode === '303')!.weight // 790
 */
export function withInServiceWeights(
  areaCodes: readonly AreaCodeRecord[],
  overlays: readonly Overlay[],
): AreaCodeRecord[] {
  const inService = exchangesInService(areaCodes, overlays);
  return areaCodes.map((a) => ({ ...a, weight: inService.get(a.areaCode)! }));
}

/**
 * Keeps `target` of `items` (or all, when there are no more), spread
 * evenly over their order: item i is kept when floor((i + 1) t / n) > floor(i t / n).
 * @example spreadEvenly([1, 2, 3, 4], 2) // [2, 4]
 */
export function spreadEvenly<T>(items: readonly T[], target: number): T[] {
  const n = items.length;
  if (target >= n) return [...items];
  return items.filter((_, i) => Math.floor(((i + 1) * target) / n) > Math.floor((i * target) / n));
}

/**
 * The manifest's record of each state's area codes: per code, its
 * exchanges in service (the weight its state draws it by, for `phone()`),
 * its share of the state's draws of a code (`phone`), and its share of the
 * state's addresses' phones (`address`: over the state's residential ZIPs
 * by weight, the share of the code among the exchanges of the ZIP's phone
 * place, or the code's `phone` share for a ZIP without one). Exact, from
 * the compiled data: no sample.
 * @example areaCodeShareReport(data).CO['748'] // { exchangesInService: 1, phone: 0.0005, address: 0.0004 }
 */
export function areaCodeShareReport(
  data: Pick<CompiledData, 'zips' | 'areaCodes' | 'phoneExchanges' | 'zipPhonePlaces'>,
): Record<string, Record<string, { exchangesInService: number; phone: number; address: number }>> {
  const weights = residentialWeights(data);
  const placeOfZip = new Map(data.zipPhonePlaces.map((z) => [z.zip, z.place]));
  const codesOfPlace = new Map<string, Map<string, number>>();
  for (const e of data.phoneExchanges) {
    const counts = codesOfPlace.get(e.place) ?? new Map<string, number>();
    counts.set(e.areaCode, (counts.get(e.areaCode) ?? 0) + 1);
    codesOfPlace.set(e.place, counts);
  }
  const round = (x: number): number => Math.round(x * 1e4) / 1e4;
  const report: Record<string, Record<string, { exchangesInService: number; phone: number; address: number }>> = {};
  const states = [...new Set(data.areaCodes.map((a) => a.state))].sort(byCodeUnit);
  for (const state of states) {
    const codes = data.areaCodes.filter((a) => a.state === state);
    const codeTotal = codes.reduce((a, c) => a + c.weight, 0);
    const address = new Map<string, number>();
    let zipTotal = 0;
    for (const zip of data.zips) {
      const w = zip.state === state ? weights.get(zip.zip) : undefined;
      if (w === undefined) continue;
      zipTotal += w;
      const counts = codesOfPlace.get(placeOfZip.get(zip.zip) ?? '');
      const n = counts ? [...counts.values()].reduce((a, b) => a + b, 0) : 0;
      for (const c of codes)
        address.set(
          c.areaCode,
          (address.get(c.areaCode) ?? 0) + w * (counts ? (counts.get(c.areaCode) ?? 0) / n : c.weight / codeTotal),
        );
    }
    report[state] = Object.fromEntries(
      codes.map((c) => [
        c.areaCode,
        {
          exchangesInService: c.weight,
          phone: round(c.weight / codeTotal),
          address: zipTotal === 0 ? 0 : round((address.get(c.areaCode) ?? 0) / zipTotal),
        },
      ]),
    );
  }
  return report;
}
