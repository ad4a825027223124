// The UssynthApiError a call fails with; the test fails when it succeeds or fails otherwise.
import { expect } from 'vitest';
import { UssynthApiError } from '../../src/client/api-error.js';

/**
 * The error a promise rejects with, checked to be a UssynthApiError.
 * @example expect(await apiFailure(client.address({ state: 'ZZ' }))).toMatchObject({ code: 'invalid_state' })
 */
export async function apiFailure(call: Promise<unknown>): Promise<UssynthApiError> {
  const error = await call.then(
    () => new Error('the call succeeded'),
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(UssynthApiError);
  return error as UssynthApiError;
}

/**
 * The error a function throws, checked to be a UssynthApiError.
 * @example expect(thrownApiError(() => createClient({ baseUrl: 'x', apiKey })).param).toBe('baseUrl')
 */
export function thrownApiError(action: () => unknown): UssynthApiError {
  try {
    action();
  } catch (error) {
    expect(error).toBeInstanceOf(UssynthApiError);
    return error as UssynthApiError;
  }
  throw new Error('nothing was thrown');
}
