import { describe, expect, it } from 'vitest';
import { operationIdOf, shapeOperations } from '../../src/openapi/operation-shape.js';

describe('operationIdOf', () => {
  it('names an operation by its method and path words, parameters as By<Name> unless they repeat the word before', () => {
    expect(operationIdOf('get', '/v1/address')).toBe('getAddress');
    expect(operationIdOf('get', '/v1/zip/{zip}')).toBe('getZip');
    expect(operationIdOf('POST', '/account/v1/keys/{id}/revoke')).toBe('postAccountKeysByIdRevoke');
    expect(operationIdOf('post', '/account/v1/password/forgot')).toBe('postAccountPasswordForgot');
    expect(operationIdOf('put', '/account/v1/billing-portal')).toBe('putAccountBillingPortal');
  });
});

describe('shapeOperations', () => {
  it("keeps a route's own operationId and headers, and adds the request id, Retry-After and RateLimit fields", () => {
    const doc = shapeOperations({
      paths: {
        '/v1/ein': {
          get: {
            operationId: 'mine',
            responses: { '200': { headers: { RateLimit: { description: 'own' } } }, '401': {}, '429': {} },
          },
        },
        '/account/v1/session': { post: { responses: { '200': {}, '429': {}, '503': {} } } },
      },
    });
    const ein = doc.paths['/v1/ein'].get as { operationId?: string; responses: Record<string, { headers?: object }> };
    expect(ein.operationId).toBe('mine');
    expect(ein.responses['200'].headers).toMatchObject({
      RateLimit: { description: 'own' },
      'X-Request-Id': {},
      'RateLimit-Policy': {},
    });
    expect(Object.keys(ein.responses['401'].headers!)).toEqual(['X-Request-Id']);
    expect(Object.keys(ein.responses['429'].headers!).sort()).toEqual([
      'RateLimit',
      'RateLimit-Policy',
      'Retry-After',
      'X-Request-Id',
    ]);
    const session = doc.paths['/account/v1/session'].post as {
      operationId?: string;
      responses: Record<string, { headers?: object }>;
    };
    expect(session.operationId).toBe('postAccountSession');
    expect(Object.keys(session.responses['429'].headers!).sort()).toEqual(['Retry-After', 'X-Request-Id']);
    expect(Object.keys(session.responses['503'].headers!).sort()).toEqual(['Retry-After', 'X-Request-Id']);
  });
});
