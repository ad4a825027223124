import { CliError, type Command, type CommandIo } from 'ussynth/cli';
import { calendarMonth } from '../limits/calendar-month.js';
import { parseObjectivePercent } from '../sla/sla-config.js';
import { availabilityOf } from '../sla/sla-service.js';
import { OVERALL } from '../store/sli-store.js';
import type { Store } from '../store/store.js';
import { parse } from './cli-options.js';
import { terminalSafeIo } from './terminal-text.js';
import { withStore } from './with-store.js';

const HELP = `Usage: ussynth-server status <show|note|objective> [options]

The public status page (/status) and the SLA's figures, on the store the
server uses (USSYNTH_DB, default ./.ussynth/store.sqlite). See docs/sla.md.

  status show [--json]
      This month's overall availability, the open incident and recent notes.
  status note TEXT [--incident open|none|ID]
      Adds a note to the status page: to the open incident (default when one
      is open), to incident ID, or on its own (announcements, maintenance:
      --incident none).
  status objective ACCOUNT PERCENT|plan
      Sets an Enterprise account's contracted monthly objective (e.g. 99.95);
      "plan" goes back to the default of USSYNTH_SLA_OBJECTIVE_ENTERPRISE.

Examples:
  ussynth-server status note "We are looking into errors on /v1/batch"
  ussynth-server status note "Maintenance on 2026-12-06 02:00-02:30 UTC" --incident none
  ussynth-server status objective bigco 99.95
`;

/** Longest note kept: a few sentences. */
const MAX_NOTE_LENGTH = 2000;

/**
 * `ussynth-server status`: the status page's notes, its figures, and Enterprise objectives.
 * @example await statusCommand.run(['note', 'Investigating', '--incident', 'open'], io)
 */
export const statusCommand: Command = {
  name: 'status',
  summary: 'Status page notes, availability figures and Enterprise SLA objectives',
  help: HELP,
  async run(args, io) {
    const [action, ...rest] = args;
    const run = action === undefined ? undefined : ACTIONS[action];
    if (!run)
      throw new CliError(
        action === undefined
          ? 'status needs an action: show, note or objective'
          : `unknown status action "${action}"; use show, note or objective`,
      );
    const out = terminalSafeIo(io);
    return withStore(out, (store) => run(rest, out, store));
  },
};

type Action = (args: string[], io: CommandIo, store: Store) => Promise<number>;

const ACTIONS: Record<string, Action> = {
  async show(args, io, store) {
    const { values } = parse('status', args, { json: { type: 'boolean' } });
    const now = Date.now();
    const month = calendarMonth(now);
    const totals = await store.sli.totals(OVERALL, month.startMs, now);
    const availabilityPercent =
      Math.round(availabilityOf(totals, Math.max(1, Math.ceil((now - month.startMs) / 60_000))) * 1e6) / 1e4;
    const incidents = await store.sli.incidents(now - 7 * 86_400_000);
    const notes = await store.sli.notes(now - 7 * 86_400_000);
    const open = incidents.find((incident) => incident.closedAt === null) ?? null;
    if (values.json) {
      io.stdout.write(
        JSON.stringify({
          month: month.period,
          availabilityPercent,
          goodRequests: totals.good,
          badRequests: totals.bad,
          openIncident: open,
          incidents,
          notes,
        }) + '\n',
      );
      return 0;
    }
    io.stdout.write(
      `${month.period}: ${availabilityPercent} % available (${totals.good} good, ${totals.bad} bad requests)\n`,
    );
    io.stdout.write(
      open
        ? `open incident ${open.id} since ${new Date(open.openedAt).toISOString()}: ${open.title}\n`
        : 'no open incident\n',
    );
    for (const note of notes)
      io.stdout.write(
        `${new Date(note.at).toISOString()}${note.incidentId === null ? '' : ` [incident ${note.incidentId}]`} ${note.text}\n`,
      );
    return 0;
  },

  async note(args, io, store) {
    const { values, positionals } = parse('status', args, { incident: { type: 'string' } }, 1, 'note text');
    const text = positionals[0]!.trim();
    if (text === '' || text.length > MAX_NOTE_LENGTH)
      throw new CliError(`the note must be 1 to ${MAX_NOTE_LENGTH} characters`);
    const given = values.incident ?? 'open';
    if (given !== 'open' && given !== 'none' && !/^[1-9][0-9]{0,9}$/.test(given))
      throw new CliError(`--incident must be open, none or an incident id; got ${JSON.stringify(given)}`);
    const target = given === 'open' ? 'open' : given === 'none' ? null : Number(given);
    if (typeof target === 'number' && !(await store.sli.incidents(0)).some((incident) => incident.id === target))
      throw new CliError(`no incident with id ${target}`, 1);
    const note = await store.sli.addNote(text, Date.now(), target);
    io.stdout.write(
      note.incidentId === null
        ? `note ${note.id} added to the status page\n`
        : `note ${note.id} added to incident ${note.incidentId}\n`,
    );
    return 0;
  },

  async objective(args, io, store) {
    if (args.length !== 2 || args.some((arg) => arg.startsWith('-')))
      throw new CliError(
        'status objective needs an account name and a percentage (or "plan"): ussynth-server status objective bigco 99.95',
      );
    const { positionals } = parse('status', args, {}, 2);
    const [name, given] = positionals as [string, string];
    const account = await store.accounts.findAccountByName(name);
    if (!account) throw new CliError(`no account named ${JSON.stringify(name)}`, 1);
    if (account.tier !== 'enterprise')
      throw new CliError(
        `${name} is on ${account.tier}: only an Enterprise account has a contracted objective; ${account.tier}'s is USSYNTH_SLA_OBJECTIVE_${account.tier.toUpperCase()}`,
        1,
      );
    if (given === 'plan') {
      await store.sli.setObjective(account.id, null, Date.now());
      io.stdout.write(`${name} now has the Enterprise default objective (USSYNTH_SLA_OBJECTIVE_ENTERPRISE)\n`);
      return 0;
    }
    const objective = parseObjectivePercent(given);
    if (objective === null)
      throw new CliError(
        `the objective must be a percentage above 0 and below 100 such as 99.95, or "plan"; got ${JSON.stringify(given)}`,
      );
    await store.sli.setObjective(account.id, objective, Date.now());
    io.stdout.write(`${name}'s monthly objective is now ${objective} %\n`);
    return 0;
  },
};
