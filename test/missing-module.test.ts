import { describe, expect, it } from 'vitest';
import { isMissingModule } from '../src/missing-module.js';

async function importFailure(specifier: string): Promise<unknown> {
  try {
    await import(specifier);
  } catch (error) {
    return error;
  }
  throw new Error(`${specifier} imported`);
}

describe('isMissingModule', () => {
  it('recognises the failed import of the named package', async () => {
    expect(isMissingModule(await importFailure('ussynth-no-such-package'), 'ussynth-no-such-package')).toBe(true);
  });

  it('is false for another package or another kind of failure', async () => {
    expect(isMissingModule(await importFailure('ussynth-no-such-package'), 'kysely')).toBe(false);
    expect(
      isMissingModule(new SyntaxError('Unexpected token in ussynth-no-such-package'), 'ussynth-no-such-package'),
    ).toBe(false);
    expect(isMissingModule(undefined, 'kysely')).toBe(false);
  });
});
