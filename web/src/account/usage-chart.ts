/** One day of the chart. */
export interface ChartDay {
  day: string;
  records: number;
}

const SVG = 'http://www.w3.org/2000/svg';
const WIDTH = 600;
const HEIGHT = 200;
/** Room for the y axis' labels on the left and the x axis' dates below. */
const LEFT = 56;
const RIGHT = 8;
const TOP = 12;
const BOTTOM = 36;

function svgElement<K extends keyof SVGElementTagNameMap>(
  name: K,
  attributes: Record<string, string | number>,
): SVGElementTagNameMap[K] {
  const element = document.createElementNS(SVG, name);
  for (const [key, value] of Object.entries(attributes)) element.setAttribute(key, String(value));
  return element;
}

/**
 * The top of the y axis: the busiest day rounded up to 1, 2 or 5 times a power of ten, so the ticks at the top and
 * (from 2 on) at a half are round numbers.
 * @example niceMax(7_340) // 10000
 */
export function niceMax(max: number): number {
  if (max <= 1) return 1;
  const power = 10 ** Math.floor(Math.log10(max));
  const step = [1, 2, 5, 10].find((m) => m * power >= max)!;
  return step * power;
}

/**
 * Records per day as an inline SVG bar chart (no library, no request): a y
 * axis with round ticks (0, half, top) and its name, an x axis with the
 * first, middle and last dates, a tooltip (`<title>`) per bar and a text
 * alternative. With no records in the period: a short empty state instead
 * of a blank plot.
 * @example container.replaceChildren(usageChart(summary.days));
 */
export function usageChart(days: readonly ChartDay[]): Element {
  const total = days.reduce((sum, d) => sum + d.records, 0);
  if (total === 0) {
    const empty = document.createElement('p');
    empty.className = 'chart-empty';
    empty.textContent =
      days.length === 0
        ? 'No usage to show yet.'
        : `No records in the last ${days.length} days yet: once your keys are used, a chart of the records per day appears here.`;
    return empty;
  }
  const busiest = Math.max(...days.map((d) => d.records));
  const top = niceMax(busiest);
  const svg = svgElement('svg', {
    viewBox: `0 0 ${WIDTH} ${HEIGHT}`,
    role: 'img',
    'aria-labelledby': 'usage-chart-title usage-chart-desc',
    class: 'usage-chart',
  });
  const title = svgElement('title', { id: 'usage-chart-title' });
  title.textContent = 'Records per day, last 30 days (UTC)';
  const desc = svgElement('desc', { id: 'usage-chart-desc' });
  desc.textContent = `${total.toLocaleString('en-US')} records in ${days.length} days; the busiest day had ${busiest.toLocaleString('en-US')}.`;
  svg.append(title, desc);
  const plotWidth = WIDTH - LEFT - RIGHT;
  const plotHeight = HEIGHT - TOP - BOTTOM;
  const y = (records: number) => TOP + plotHeight - (records / top) * plotHeight;
  const label = (text: string, x: number, yAt: number, anchor: string, className = 'label') => {
    const element = svgElement('text', { x, y: yAt, 'text-anchor': anchor, class: className });
    element.textContent = text;
    svg.append(element);
  };
  // The y axis: grid lines and labels at 0, half (when a whole number) and the top.
  for (const value of Number.isInteger(top / 2) ? [0, top / 2, top] : [0, top]) {
    svg.append(
      svgElement('line', {
        x1: LEFT,
        y1: y(value),
        x2: WIDTH - RIGHT,
        y2: y(value),
        class: value === 0 ? 'axis' : 'grid',
      }),
    );
    label(value.toLocaleString('en-US'), LEFT - 6, y(value) + 4, 'end');
  }
  svg.append(svgElement('line', { x1: LEFT, y1: TOP, x2: LEFT, y2: TOP + plotHeight, class: 'axis' }));
  const yName = svgElement('text', {
    x: 12,
    y: TOP + plotHeight / 2,
    'text-anchor': 'middle',
    class: 'axis-name',
    transform: `rotate(-90 12 ${TOP + plotHeight / 2})`,
  });
  yName.textContent = 'records';
  svg.append(yName);
  const slot = plotWidth / days.length;
  days.forEach((d, i) => {
    const height = d.records === 0 ? 0 : Math.max(2, (d.records / top) * plotHeight);
    const bar = svgElement('rect', {
      x: LEFT + i * slot + slot * 0.15,
      y: TOP + plotHeight - height,
      width: slot * 0.7,
      height,
      class: 'bar',
    });
    const tip = svgElement('title', {});
    tip.textContent = `${d.day}: ${d.records.toLocaleString('en-US')} records`;
    bar.append(tip);
    svg.append(bar);
  });
  // The x axis: the first, middle and last days, and its name.
  const dates = days.length > 2 ? [0, Math.floor((days.length - 1) / 2), days.length - 1] : days.map((_, i) => i);
  for (const i of dates)
    label(
      days[i].day,
      LEFT + i * slot + slot / 2,
      TOP + plotHeight + 16,
      i === 0 ? 'start' : i === days.length - 1 ? 'end' : 'middle',
    );
  label('day (UTC)', LEFT + plotWidth / 2, HEIGHT - 2, 'middle', 'axis-name');
  return svg;
}
