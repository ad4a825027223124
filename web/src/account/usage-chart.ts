/** One day of the chart. */
export interface ChartDay {
  day: string;
  records: number;
}

const SVG = 'http://www.w3.org/2000/svg';
const WIDTH = 600;
const HEIGHT = 180;
const TOP = 16;
const BOTTOM = 24;

function svgElement<K extends keyof SVGElementTagNameMap>(name: K, attributes: Record<string, string | number>): SVGElementTagNameMap[K] {
  const element = document.createElementNS(SVG, name);
  for (const [key, value] of Object.entries(attributes)) element.setAttribute(key, String(value));
  return element;
}

/**
 * Records per day as an inline SVG bar chart (no library, no request):
 * each bar has a tooltip (`<title>`), the chart a text alternative, and
 * the axis names the busiest day's count and the first and last dates.
 * @example container.replaceChildren(usageChart(summary.days));
 */
export function usageChart(days: readonly ChartDay[]): SVGSVGElement {
  const max = Math.max(1, ...days.map((d) => d.records));
  const total = days.reduce((sum, d) => sum + d.records, 0);
  const svg = svgElement('svg', { viewBox: `0 0 ${WIDTH} ${HEIGHT}`, role: 'img', 'aria-labelledby': 'usage-chart-title usage-chart-desc', class: 'usage-chart' });
  const title = svgElement('title', { id: 'usage-chart-title' });
  title.textContent = 'Records per day, last 30 days (UTC)';
  const desc = svgElement('desc', { id: 'usage-chart-desc' });
  desc.textContent = `${total.toLocaleString('en-US')} records in ${days.length} days; the busiest day had ${max === 1 && total === 0 ? 0 : max.toLocaleString('en-US')}.`;
  svg.append(title, desc);
  const plotHeight = HEIGHT - TOP - BOTTOM;
  const slot = WIDTH / Math.max(1, days.length);
  svg.append(svgElement('line', { x1: 0, y1: HEIGHT - BOTTOM, x2: WIDTH, y2: HEIGHT - BOTTOM, class: 'axis' }));
  days.forEach((d, i) => {
    const height = d.records === 0 ? 0 : Math.max(2, (d.records / max) * plotHeight);
    const bar = svgElement('rect', { x: i * slot + slot * 0.15, y: HEIGHT - BOTTOM - height, width: slot * 0.7, height, class: 'bar' });
    const tip = svgElement('title', {});
    tip.textContent = `${d.day}: ${d.records.toLocaleString('en-US')} records`;
    bar.append(tip);
    svg.append(bar);
  });
  const label = (text: string, x: number, y: number, anchor: string) => {
    const element = svgElement('text', { x, y, 'text-anchor': anchor, class: 'label' });
    element.textContent = text;
    svg.append(element);
  };
  label(`max ${max === 1 && total === 0 ? 0 : max.toLocaleString('en-US')}`, 2, TOP - 4, 'start');
  if (days.length > 0) {
    label(days[0].day, 2, HEIGHT - 6, 'start');
    label(days[days.length - 1].day, WIDTH - 2, HEIGHT - 6, 'end');
  }
  return svg;
}
