import type { StatusDay } from '../../sla/sla-service.js';
import type { Incident, StatusNote } from '../../store/sli-store.js';
import { formatPercent, type ComponentState, type StatusReport } from './status-report.js';

const STATE_TEXT: Record<ComponentState, string> = {
  operational: 'Operational',
  degraded: 'Degraded',
  outage: 'Outage',
  not_used: 'Not used',
};
const OVERALL_TEXT: Record<StatusReport['state'], string> = {
  operational: 'All systems operational',
  degraded: 'Some systems degraded',
  outage: 'Service outage',
};
const LEVEL_TEXT = { ok: 'at or above the objective', degraded: 'below the objective', major: 'below 99 %' } as const;

function dayLabel(day: StatusDay): string {
  if (day.availabilityPercent === null || day.level === 'no_data') return `${day.date}: no data (no requests counted)`;
  // The day's request count only where the operator publishes it (USSYNTH_STATUS_REQUEST_COUNTS=show).
  const count =
    day.requests === undefined
      ? ''
      : ` ${day.requests.toLocaleString('en-US')} ${day.requests === 1 ? 'request' : 'requests'},`;
  return `${day.date}: ${formatPercent(day.availabilityPercent)} available,${count} ${LEVEL_TEXT[day.level]}`;
}

/** Text as HTML text or attribute value. */
function html(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function time(ms: number): string {
  const iso = new Date(ms).toISOString();
  return `<time datetime="${iso}">${iso.slice(0, 16).replace('T', ' ')} UTC</time>`;
}

function noteItem(note: StatusNote): string {
  return `<li>${time(note.at)}: ${html(note.text)}</li>`;
}

function incidentItem(incident: Incident & { notes: StatusNote[] }): string {
  const span =
    incident.closedAt === null
      ? `opened ${time(incident.openedAt)}, <strong>ongoing</strong>`
      : `${time(incident.openedAt)} to ${time(incident.closedAt)}, resolved`;
  const notes = incident.notes.length ? `<ul class="notes">${incident.notes.map(noteItem).join('')}</ul>` : '';
  return `<li class="incident${incident.closedAt === null ? ' open' : ''}"><p><strong>${html(incident.title)}</strong></p><p>${span}</p>${notes}</li>`;
}

function termsText(report: StatusReport): string {
  const { objectivePercent, credits, slowMs } = report.terms;
  const steps = credits
    .map(
      (step) =>
        `${step.creditPercent} % of the month's fee below ${step.belowPercent === null ? 'the objective' : formatPercent(step.belowPercent)}`,
    )
    .join(', ');
  return `<p>Monthly availability objective: Standard ${formatPercent(objectivePercent.standard)}, Pro ${formatPercent(objectivePercent.pro)}, Enterprise per contract (${formatPercent(objectivePercent.enterprise)} by default). A request to the API counts as failed when it is answered with a server error (5xx) or takes longer than ${slowMs / 1000} s; client errors and requests over the plan's rate or quota do not count. Credits: ${steps}.</p>`;
}

/**
 * The status page: plain HTML (no script), the components now, the last 90 days as one bar per day (each bar's
 * figure in text for screen readers and as a tooltip), incidents with their notes, and the operator's announcements.
 * @example reply.type('text/html; charset=utf-8').send(statusPage(await statusReport(app)))
 */
export function statusPage(report: StatusReport): string {
  const components = report.components
    .map(
      (c) =>
        `<tr><th scope="row">${html(c.name)}</th><td><span class="state ${c.state}">${STATE_TEXT[c.state]}</span></td><td>${html(c.detail)}</td></tr>`,
    )
    .join('\n');
  const history = report.history;
  let days = '<p>The history cannot be read from the store right now.</p>';
  let incidents = '';
  let notes = '';
  if (history) {
    const bars = history.days
      .map((day) => {
        const label = dayLabel(day);
        return `<li class="day ${day.level}" title="${html(label)}"><span class="visually-hidden">${html(label)}</span></li>`;
      })
      .join('');
    const first = history.days[0]?.date ?? '';
    const last = history.days.at(-1)?.date ?? '';
    days = `<p>Objective: ${formatPercent(history.objectivePercent)} of each month. Each bar is a UTC day, from ${first} (left) to ${last} (right).</p>
<ol class="days" aria-label="Availability per day, oldest first">${bars}</ol>
<ul class="legend" aria-label="Colours"><li><span class="swatch ok"></span> at or above the objective</li><li><span class="swatch degraded"></span> below the objective</li><li><span class="swatch major"></span> below 99 %</li><li><span class="swatch no_data"></span> no data (no requests counted that day)</li></ul>`;
    incidents = history.incidents.length
      ? `<ol class="incidents">${history.incidents.map(incidentItem).join('')}</ol>`
      : '<p>No incidents in the last 90 days.</p>';
    notes = history.notes.length
      ? `<ul class="notes">${history.notes.map(noteItem).join('')}</ul>`
      : '<p>No announcements.</p>';
  }
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Status · ussynth</title>
<link rel="icon" href="/favicon.svg" type="image/svg+xml">
<link rel="stylesheet" href="/status.css">
</head>
<body>
<header><p class="brand"><a href="/">ussynth</a></p><nav aria-label="Service"><a href="/v1/docs">API docs</a> <a href="/status.json">Status as JSON</a></nav></header>
<main>
<h1>Service status</h1>
<p class="overall ${report.state}"><strong>${OVERALL_TEXT[report.state]}</strong> as of ${time(Date.parse(report.generatedAt))}.</p>
<section aria-labelledby="now-heading">
<h2 id="now-heading">Now</h2>
<table><caption>Components</caption><thead><tr><th scope="col">Component</th><th scope="col">State</th><th scope="col">Detail</th></tr></thead><tbody>
${components}
</tbody></table>
</section>
<section aria-labelledby="days-heading">
<h2 id="days-heading">Last 90 days</h2>
${days}
</section>
<section aria-labelledby="incidents-heading">
<h2 id="incidents-heading">Incidents</h2>
${incidents}
</section>
<section aria-labelledby="notes-heading">
<h2 id="notes-heading">Announcements and maintenance</h2>
${notes}
</section>
<section aria-labelledby="terms-heading">
<h2 id="terms-heading">Service level agreement</h2>
${termsText(report)}
</section>
<p>The figures are at most a few seconds old; reload the page to see newer ones.</p>
</main>
</body>
</html>
`;
}

/** The status page's stylesheet (a file of its own: the pages' CSP allows no inline style). */
export const STATUS_CSS = `:root { --text: #1a1a1a; --muted: #4b5563; --ok: #15803d; --degraded: #b45309; --major: #b91c1c; --no-data: #8b93a1; --soft: #f3f4f6; --accent: #1d4ed8; --bg: #fff; color-scheme: light; }
/* Dark: the demo's and account pages' ground and text (styles.css); state colours lightened to keep 4.5:1 as text. */
@media (prefers-color-scheme: dark) {
  :root { --text: #e5e7eb; --muted: #a1a1aa; --ok: #4ade80; --degraded: #fbbf24; --major: #f87171; --no-data: #6b7280; --soft: #374151; --accent: #93c5fd; --bg: #0f1623; color-scheme: dark; }
}
body { font: 16px/1.5 system-ui, sans-serif; color: var(--text); background: var(--bg); margin: 0; }
header { display: flex; justify-content: space-between; align-items: center; padding: .75rem 1rem; border-bottom: 1px solid var(--soft); flex-wrap: wrap; gap: .5rem; }
header nav a { margin-left: 1rem; }
a { color: var(--accent); }
.brand { margin: 0; font-weight: 700; }
main { max-width: 60rem; margin: 0 auto; padding: 1rem; }
table { border-collapse: collapse; width: 100%; }
caption { text-align: left; font-weight: 600; padding: .25rem 0; }
th, td { text-align: left; padding: .4rem .5rem; border-bottom: 1px solid var(--soft); vertical-align: top; }
.state { font-weight: 600; }
.state.operational, .overall.operational { color: var(--ok); }
.state.degraded, .overall.degraded { color: var(--degraded); }
.state.outage, .overall.outage { color: var(--major); }
.state.not_used { color: var(--muted); }
.days { display: flex; gap: 2px; list-style: none; padding: 0; margin: .5rem 0; height: 2.5rem; }
.day { flex: 1 1 0; min-width: 2px; border-radius: 2px; }
.ok { background: var(--ok); }
.degraded { background: var(--degraded); }
.major { background: var(--major); }
.no_data { background: var(--no-data); }
p.overall, .state { background: none; }
.legend { list-style: none; padding: 0; display: flex; gap: 1rem; flex-wrap: wrap; }
.swatch { display: inline-block; width: .9rem; height: .9rem; border-radius: 2px; vertical-align: middle; }
.incidents { padding-left: 1.25rem; }
.incident.open { border-left: 4px solid var(--major); padding-left: .5rem; }
.visually-hidden { position: absolute; width: 1px; height: 1px; padding: 0; margin: -1px; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; border: 0; }
:focus-visible { outline: 3px solid var(--accent); outline-offset: 2px; }
`;
