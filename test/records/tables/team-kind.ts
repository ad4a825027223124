// A two-table kind defined in the tests only (teams and their players), registered with one call: the engine's
// two-table runs (nested JSON, one file per table, --to with keys) are proved with it, apart from any library maker.
import type { TextRecord } from '../../../src/records/formats/record-format.js';
import { recordKindNames, registerRecordKind } from '../../../src/records/kinds/registry.js';
import type { RecordKind } from '../../../src/records/record-kind.js';

const uuid = (kind: number, index: number): string =>
  `00000000-0000-4000-8${kind}00-${index.toString(16).padStart(12, '0')}`;

/**
 * Team `index` of `seed`: its row, then its (index % 3) + 1 players, with text every format must escape.
 * @example team('s', 4).players.length // 2
 */
export function team(seed: string, index: number): { row: TextRecord; players: TextRecord[] } {
  const id = uuid(1, index);
  const size = (index % 3) + 1;
  const row = { id, name: `Team "${seed}", no. ${index}`, size } as unknown as TextRecord;
  const players = Array.from(
    { length: size },
    (_, k) =>
      ({
        id: uuid(2, index * 3 + k),
        teamId: id,
        name: k === 1 ? `O'Neil\\${index}` : `Player ${index}-${k}`,
        born: `2001-02-${String(1 + ((index + k) % 28)).padStart(2, '0')}`,
      }) as unknown as TextRecord,
  );
  return { row, players };
}

/**
 * Teams (table `teams`) and their players (table `players`, `teamId -> teams.id`).
 * @example teamKind.children!.table // "players"
 */
export const teamKind: RecordKind = {
  name: 'team',
  table: 'teams',
  fields: [
    { name: 'id', type: 'uuid' },
    { name: 'name', type: 'text' },
    { name: 'size', type: 'bigint' },
  ],
  takes: {},
  children: {
    table: 'players',
    fields: [
      { name: 'id', type: 'uuid' },
      { name: 'teamId', type: 'uuid' },
      { name: 'name', type: 'text' },
      { name: 'born', type: 'date' },
    ],
    key: 'id',
    foreignKey: 'teamId',
    nest: (parent, children) => ({ ...parent, players: children }),
    reader:
      ({ seed }) =>
      (start, count) => {
        const parents: TextRecord[] = [];
        const children: TextRecord[] = [];
        for (let i = start; i < start + count; i++) {
          const { row, players } = team(seed, i);
          parents.push(row);
          children.push(...players);
        }
        return { parents, children };
      },
  },
};

if (!recordKindNames().includes('team')) registerRecordKind(teamKind);
