import { describe, expect, it } from 'vitest';
import {
  DEFAULT_CONCURRENCY,
  DEFAULT_MAX_RETRIES,
  resolveClientOptions,
  wholeNumberOption,
} from '../../src/client/client-options.js';
import { thrownApiError } from './api-failure.js';

const apiKey = 'uss_live_Ab3dE6gH0123456789abcdefghijklmn012345';

describe('resolveClientOptions', () => {
  it('takes the service root with or without a trailing slash, under a path too', () => {
    expect(resolveClientOptions({ baseUrl: 'http://127.0.0.1:3000', apiKey }).root.href).toBe('http://127.0.0.1:3000/');
    expect(resolveClientOptions({ baseUrl: new URL('https://api.example.com/ussynth'), apiKey }).root.href).toBe(
      'https://api.example.com/ussynth/',
    );
  });

  it('sends the key in x-api-key, and the bearer token only when given', () => {
    expect(resolveClientOptions({ baseUrl: 'https://api.example.com', apiKey }).headers).toEqual({
      accept: 'application/json, application/problem+json',
      'x-api-key': apiKey,
    });
    expect(
      resolveClientOptions({ baseUrl: 'https://api.example.com', apiKey, bearerToken: 'eyJ.a.b' }).headers
        .authorization,
    ).toBe('Bearer eyJ.a.b');
  });

  it('fills in the defaults', () => {
    const resolved = resolveClientOptions({ baseUrl: 'https://api.example.com', apiKey });
    expect(resolved.concurrency).toBe(DEFAULT_CONCURRENCY);
    expect(resolved.maxRetries).toBe(DEFAULT_MAX_RETRIES);
  });

  it('calls the fetch given, as a plain function (browsers refuse window.fetch called on another object)', async () => {
    const calls: unknown[] = [];
    const fetch = function (this: unknown, input: RequestInfo | URL) {
      calls.push([this, String(input)]);
      return Promise.resolve(new Response('{}'));
    } as typeof globalThis.fetch;
    const resolved = resolveClientOptions({ baseUrl: 'https://api.example.com', apiKey, fetch });
    await resolved.fetch(new URL('https://api.example.com/v1/ein'));
    expect(calls).toEqual([[undefined, 'https://api.example.com/v1/ein']]);
  });

  for (const [param, options, message] of [
    ['baseUrl', { baseUrl: 'api.example.com' }, /absolute http or https URL/],
    ['baseUrl', { baseUrl: 'ftp://api.example.com' }, /http or https URL, got "ftp:"/],
    ['baseUrl', { baseUrl: 'https://api.example.com/v1' }, /without \/v1 .*use https:\/\/api\.example\.com\/$/],
    ['baseUrl', { baseUrl: 'https://api.example.com/?key=x' }, /must not carry a query/],
    ['baseUrl', { baseUrl: 'https://user:pw@api.example.com' }, /credentials/],
    ['apiKey', { apiKey: '' }, /apiKey must be/],
    ['apiKey', { apiKey: `${apiKey}\n` }, /no spaces or line breaks/],
    ['bearerToken', { bearerToken: 'Bearer eyJ' }, /without "Bearer "/],
    ['concurrency', { concurrency: 0 }, /concurrency must be a whole number from 1 to 16, got 0/],
    ['concurrency', { concurrency: 2.5 }, /concurrency/],
    ['maxRetries', { maxRetries: -1 }, /maxRetries must be a whole number from 0 to 20/],
  ] as const) {
    it(`refuses ${param} ${JSON.stringify(Object.values(options)[0])} with invalid_option naming it`, () => {
      const error = thrownApiError(() =>
        resolveClientOptions({ baseUrl: 'https://api.example.com', apiKey, ...options }),
      );
      expect(error).toMatchObject({ code: 'invalid_option', param, status: 0, requestId: undefined });
      expect(error.message).toMatch(message);
    });
  }
});

describe('wholeNumberOption', () => {
  it('passes a number in range, gives the fallback for none, refuses the rest', () => {
    expect(wholeNumberOption('pageSize', 500, 1, 1000, 1000)).toBe(500);
    expect(wholeNumberOption('pageSize', undefined, 1, 1000, 1000)).toBe(1000);
    expect(thrownApiError(() => wholeNumberOption('pageSize', 1001, 1, 1000, 1000)).param).toBe('pageSize');
    expect(thrownApiError(() => wholeNumberOption('pageSize', Number.NaN, 1, 1000, 1000)).param).toBe('pageSize');
  });
});
