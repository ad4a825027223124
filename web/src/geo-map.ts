/**
 * The demo's map: the states (an SVG path made at build time from us-atlas)
 * and one dot per generated address with geo, placed with the same Albers
 * projection us-atlas used (d3-geo's geoAlbersUsa, scale 1300, 975 x 610).
 * Hovering or focusing a dot shows its record. Nothing is fetched.
 */
import { geoAlbersUsa } from 'd3-geo';

/** The states' outlines, inlined by web/build.ts from us-atlas's states-albers-10m.json. */
declare const __USSYNTH_STATES_PATH__: string;

const WIDTH = 975;
const HEIGHT = 610;
const projection = geoAlbersUsa()
  .scale(1300)
  .translate([WIDTH / 2, HEIGHT / 2]);

/** One dot: where and what. */
export interface MapRecord {
  lat: string;
  lon: string;
  name: string;
  street: string;
  city: string;
  state: string;
  zip: string;
  county: string;
  timeZone: string;
}

/**
 * A record as one line of text, for the dot's title and the hover readout.
 * @example mapRecordText(record) // "Maria Garcia, 4821 N Oak St, Chicago, IL 60601 (Cook County, America/Chicago) at 41.88, -87.63"
 */
export function mapRecordText(r: MapRecord): string {
  return `${r.name}, ${r.street}, ${r.city}, ${r.state} ${r.zip} (${r.county} County, ${r.timeZone}) at ${r.lat}, ${r.lon}`;
}

/**
 * Draws the map into `svg` with a dot per record and wires the hover
 * readout `readout`; returns how many dots were drawn (the territories,
 * Puerto Rico included, lie outside the Albers USA frame and get none).
 */
export function renderMap(svg: SVGSVGElement, readout: HTMLElement, records: readonly MapRecord[]): number {
  const document = svg.ownerDocument;
  // The page's <svg> element gives the SVG namespace for the new elements.
  const SVG = svg.namespaceURI;
  svg.setAttribute('viewBox', `0 0 ${WIDTH} ${HEIGHT}`);
  const states = document.createElementNS(SVG, 'path');
  states.setAttribute('d', __USSYNTH_STATES_PATH__);
  states.setAttribute('class', 'map-states');
  const dots = document.createElementNS(SVG, 'g');
  dots.setAttribute('class', 'map-dots');
  let drawn = 0;
  records.forEach((record, i) => {
    const at = projection([Number(record.lon), Number(record.lat)]);
    if (!at) return;
    const dot = document.createElementNS(SVG, 'circle');
    dot.setAttribute('cx', at[0].toFixed(1));
    dot.setAttribute('cy', at[1].toFixed(1));
    dot.setAttribute('r', '3.5');
    dot.setAttribute('tabindex', '0');
    dot.setAttribute('data-index', String(i));
    const text = mapRecordText(record);
    dot.setAttribute('aria-label', text);
    const title = document.createElementNS(SVG, 'title');
    title.textContent = text;
    dot.append(title);
    const show = () => {
      readout.textContent = text;
    };
    dot.addEventListener('mouseenter', show);
    dot.addEventListener('focus', show);
    dots.append(dot);
    drawn++;
  });
  svg.replaceChildren(states, dots);
  readout.textContent =
    drawn === 0
      ? 'No dot on the map: these records lie outside the map of the states.'
      : 'Hover over or focus a dot to see its record.';
  return drawn;
}
