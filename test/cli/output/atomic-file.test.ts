import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { AtomicFile } from '../../../src/cli/output/atomic-file.js';

const scratch = mkdtempSync(join(tmpdir(), 'ussynth-atomic-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

describe('AtomicFile', () => {
  it('writes under a temporary name beside the target and renames on commit', async () => {
    const path = join(scratch, 'out.txt');
    writeFileSync(path, 'old');
    const file = await AtomicFile.create(path);
    await file.write(Buffer.from('new '));
    await file.write(Buffer.from('content'));
    expect(readFileSync(path, 'utf8')).toBe('old');
    expect(readdirSync(scratch).sort()).toEqual([`.out.txt.${file.tempPath.split('.out.txt.')[1]}`, 'out.txt'].sort());
    await file.commit();
    expect(readFileSync(path, 'utf8')).toBe('new content');
    expect(readdirSync(scratch)).toEqual(['out.txt']);
  });

  it('abort removes the temporary file and leaves the target alone', async () => {
    const path = join(scratch, 'kept.txt');
    writeFileSync(path, 'kept');
    const file = await AtomicFile.create(path);
    await file.write(Buffer.from('partial'));
    await file.abort();
    expect(existsSync(file.tempPath)).toBe(false);
    expect(readFileSync(path, 'utf8')).toBe('kept');
  });

  it('fails to create in a missing folder', async () => {
    await expect(AtomicFile.create(join(scratch, 'missing', 'x'))).rejects.toThrow(/ENOENT/);
  });
});
