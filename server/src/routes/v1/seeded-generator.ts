import type { FastifyReply } from 'fastify';
import { createGenerator, geoWithFieldsProblem, parseFieldList, UssynthError } from 'ussynth';
import type { Generator } from 'ussynth';

/**
 * A generator for one request (cheap: the index is shared) and the replay
 * headers: the seed used, given or picked, and both versions, so the same
 * seed and parameters give an identical body.
 * `fictionalPhones` makes every phone of the request a 555-01NN number.
 * @example const gen = seededGenerator(request.query.seed, reply); return gen.ein();
 */
export function seededGenerator(seed: string | undefined, reply: FastifyReply, fictionalPhones = false): Generator {
  const generator = createGenerator(seed === undefined ? { fictionalPhones } : { seed, fictionalPhones });
  reply.header('x-ussynth-seed', generator.seed);
  reply.header('x-ussynth-dataset-version', generator.datasetVersion);
  reply.header('x-ussynth-generator-version', generator.generatorVersion);
  return generator;
}

/**
 * Checks a state for generation before any quota is debited: an empty page
 * runs exactly the library's state check (invalid_state, state_not_generatable).
 * @example checkGeneratableState(gen, 'AE') // throws UssynthError state_not_generatable
 */
export function checkGeneratableState(generator: Generator, state: string | undefined): void {
  if (state !== undefined) generator.addresses({ count: 0, state });
}

/**
 * Checks `fields` before any quota is debited, with the library's rule
 * (invalid_fields naming the entry at fault and listing the valid fields);
 * `geo=true` with it is refused the same way.
 * @example checkFields('id=uuid,email', undefined)
 */
export function checkFields(fields: string | undefined, geo: boolean | undefined): void {
  if (fields === undefined) return;
  parseFieldList(fields);
  if (geo === true) throw new UssynthError('invalid_fields', geoWithFieldsProblem('geo=true', 'fields'), 'fields');
}

/** Route option of the small answers (a few hundred bytes): compressing them would cost more than it saves. */
export const UNCOMPRESSED = { compress: false } as const;

/** Shared route schema parts: tags and the API key requirement, for the OpenAPI document. */
// Either the key alone, or (Enterprise accounts with SSO) the key and the provider's access token together.
export const API_ROUTE = { tags: ['data'], security: [{ apiKey: [] }, { apiKey: [], ssoToken: [] }] } as const;

/** Headers of generating responses, for the OpenAPI document (@fastify/swagger's form: the schema itself plus a description; RateLimit fields are added with every /v1 response's, in openapi/operation-shape.ts). */
export const GENERATED_HEADERS = {
  'X-Ussynth-Seed': { type: 'string', description: 'The seed used (given or picked); pass it as `seed` to replay.' },
  'X-Ussynth-Dataset-Version': { type: 'string', description: 'Version of the compiled dataset.' },
  'X-Ussynth-Generator-Version': { type: 'string', description: 'Version of the generation algorithms.' },
} as const;
