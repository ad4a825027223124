import { describe, expect, it } from 'vitest';
import { recordFile } from '../../../src/records/formats/record-file.js';
import { createGenerator } from '../../../src/index.js';
import { runBinary } from '../../cli/run-binary.js';

const ADDRESS = ['name', 'street', 'city', 'state', 'zip', 'phone', 'email', 'country'];

describe('recordFile', () => {
  it('is the whole file the command line writes, for each format', async () => {
    const records = createGenerator({ seed: 'file' })
      .addresses({ count: 7 })
      .map((address) => ({ ...address }));
    for (const format of ['json', 'ndjson', 'csv', 'sql'] as const) {
      const { stdout } = await runBinary(['address', '--seed', 'file', '--count', '7', '--format', format]);
      expect(recordFile(format, { columns: ADDRESS, table: 'addresses', jsonShape: 'array' }, records), format).toBe(
        stdout.toString('utf8'),
      );
    }
  });

  it('writes LF line ends and the JSON shapes: object, array, batch', () => {
    const layout = { columns: ['ein'], table: 'eins' };
    expect(recordFile('csv', { ...layout, jsonShape: 'array' }, [{ ein: '12-3456789' }])).toBe('ein\n12-3456789\n');
    expect(recordFile('json', { ...layout, jsonShape: 'object' }, [{ ein: '1' }])).toBe('{"ein":"1"}\n');
    expect(recordFile('json', { ...layout, jsonShape: 'array' }, [{ ein: '1' }, { ein: '2' }])).toBe(
      '[\n{"ein":"1"},\n{"ein":"2"}\n]\n',
    );
    expect(recordFile('json', { ...layout, jsonShape: 'batch' }, [{ ein: '1' }])).toBe(
      '{"count":1,"addresses":[\n{"ein":"1"}\n]}\n',
    );
  });
});
