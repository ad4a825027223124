import { describe, expect, it } from 'vitest';
import { createGenerator } from '../../src/index.js';
import { fillAndGenerate, openDemo, readJson, readTable, shownSeed } from './demo-page.js';
import { useDemoSite } from './demo-site.js';

const OWN_ASSETS = ['', 'app.js', 'styles.css', 'favicon.svg', 'ussynth.idx', 'ussynth-geo.idx'];

const demo = useDemoSite();

describe('the demo with coordinates', () => {
  it('adds the five columns, plots the batch on the map of the states, shows a record on hover, and fetches only its own files', async () => {
    const { page, requested } = await openDemo(demo.browser, demo.url);
    expect(requested.some((url) => url.includes('ussynth-geo.idx'))).toBe(false); // not before it is asked for

    await fillAndGenerate(page, { kind: 'batch', count: 200, seed: 'map-1', geo: true });
    await page.locator('#map-svg circle').first().waitFor();
    const expected = createGenerator({ seed: 'map-1' }).batch({ count: 200, geo: true });
    const rows = await readTable(page);
    expect(rows).toEqual(expected.addresses.map((a) => ({ ...a, lat: String(a.lat), lon: String(a.lon) })));
    expect(await readJson(page)).toEqual(expected);
    expect(await shownSeed(page)).toBe('map-1');

    // One dot per address of the 50 states and DC (the default draw): all inside the map's frame.
    const dots = page.locator('#map-svg circle');
    expect(await dots.count()).toBe(200);
    const inFrame = await dots.evaluateAll((circles) =>
      circles.every((c) => {
        const x = Number(c.getAttribute('cx'));
        const y = Number(c.getAttribute('cy'));
        return x >= 0 && x <= 975 && y >= 0 && y <= 610;
      }),
    );
    expect(inFrame).toBe(true);
    expect(await page.locator('#map-svg path.map-states').getAttribute('d')).toMatch(/^M[\d.]+,[\d.]+/);

    // Hovering a dot shows its record.
    // The last dot is drawn on top of any it overlaps, so the pointer reaches it.
    const dot = dots.last();
    await dot.hover();
    const a = expected.addresses[Number(await dot.getAttribute('data-index'))];
    await expect
      .poll(() => page.locator('#map-record').textContent())
      .toBe(
        `${a.name}, ${a.street}, ${a.city}, ${a.state} ${a.zip} (${a.county} County, ${a.timeZone}) at ${a.lat}, ${a.lon}`,
      );
    expect(await dot.locator('title').textContent()).toContain(a.name);

    // A Texas batch lands in Texas's part of the map: west of Florida's dots, south of Montana's.
    const centre = async (state: string) => {
      await fillAndGenerate(page, { kind: 'batch', count: 20, seed: 'map-2', state, geo: true });
      await page.waitForFunction(
        (s) => document.querySelector('#results-caption')?.textContent?.includes(` in ${s},`),
        state,
      );
      return dots.evaluateAll((cs) => [
        cs.reduce((x, c) => x + Number(c.getAttribute('cx')), 0) / cs.length,
        cs.reduce((y, c) => y + Number(c.getAttribute('cy')), 0) / cs.length,
      ]);
    };
    const [tx, fl, mt] = [await centre('TX'), await centre('FL'), await centre('MT')];
    expect(tx[0]).toBeLessThan(fl[0]);
    expect(tx[1]).toBeGreaterThan(mt[1]);

    // Without the box: no map, the eight columns.
    await fillAndGenerate(page, { kind: 'batch', count: 5, seed: 'map-1', state: '', geo: false });
    await expect.poll(() => page.locator('#map').isHidden()).toBe(true);
    expect(await readTable(page)).toEqual(createGenerator({ seed: 'map-1' }).batch({ count: 5 }).addresses);

    const fetched = requested.filter((url) => !url.startsWith('blob:')).map((url) => new URL(url));
    expect(
      fetched.filter((url) => url.origin + '/' !== demo.url || !OWN_ASSETS.includes(url.pathname.slice(1))),
    ).toEqual([]);
    expect(fetched.filter((url) => url.pathname === '/ussynth-geo.idx')).toHaveLength(1);
  });

  it('a ZIP lookup with coordinates shows the centroid, county and time zone and no map', async () => {
    const { page } = await openDemo(demo.browser, demo.url);
    await fillAndGenerate(page, { kind: 'zip', zip: '60601', geo: true });
    await page.locator('#results-table tbody tr').first().waitFor();
    expect(await readTable(page)).toEqual([
      {
        zip: '60601',
        state: 'IL',
        stateFull: 'Illinois',
        city: 'Chicago',
        lat: '41.88527',
        lon: '-87.62197',
        county: 'Cook',
        countyFips: '17031',
        timeZone: 'America/Chicago',
      },
    ]);
    expect(await page.locator('#map').isHidden()).toBe(true);
  });
});
