import type { FastifySchemaValidationError } from 'fastify/types/schema.js';
import { ProblemError } from './problem-error.js';
import { PARAMS, type ParamName } from '../schemas/params.js';

/**
 * Turns a schema validation failure into a 400 problem naming the parameter
 * and stating its rule in full (never Ajv's internal wording alone).
 * @example validationProblem(error.validation, request.query, ['count', 'state', 'seed', 'start'])
 */
export function validationProblem(
  errors: FastifySchemaValidationError[],
  input: unknown,
  allowed: readonly string[],
): ProblemError {
  const first = errors[0];
  const params = (first?.params ?? {}) as { additionalProperty?: string; missingProperty?: string };
  if (params.additionalProperty !== undefined) {
    const name = params.additionalProperty;
    return new ProblemError(
      'unknown_parameter',
      `unknown parameter ${JSON.stringify(clip(name))}; this endpoint takes ${allowed.length ? allowed.join(', ') : 'no query parameters'}`,
      { param: clip(name) },
    );
  }
  const name = params.missingProperty ?? first?.instancePath.split('/')[1] ?? '';
  if (Object.hasOwn(PARAMS, name)) {
    const spec = PARAMS[name as ParamName];
    const value = (input as Record<string, unknown> | undefined)?.[name];
    const got = value === undefined ? 'it is missing' : `got ${clip(JSON.stringify(value))}`;
    return new ProblemError(spec.code, `${spec.rule}; ${got}`, { param: name });
  }
  return new ProblemError('bad_request', "the request does not match this endpoint's parameters; see /v1/docs");
}

function clip(text: string): string {
  return text.length > 80 ? text.slice(0, 80) + '…' : text;
}

/**
 * Turns a JSON body's schema failure into a 400 `invalid_field` naming the
 * field (unknown, missing or of the wrong type); the routes check values
 * themselves, with messages of their own.
 * @example bodyValidationProblem(error.validation) // ProblemError invalid_field, param 'email'
 */
export function bodyValidationProblem(errors: FastifySchemaValidationError[]): ProblemError {
  const first = errors[0];
  const params = (first?.params ?? {}) as {
    additionalProperty?: string;
    missingProperty?: string;
    type?: string | string[];
  };
  if (params.additionalProperty !== undefined) {
    return new ProblemError(
      'invalid_field',
      `unknown field ${JSON.stringify(clip(params.additionalProperty))} in the request body`,
      { param: clip(params.additionalProperty) },
    );
  }
  if (params.missingProperty !== undefined)
    return new ProblemError(
      'invalid_field',
      `the request body needs the field ${JSON.stringify(params.missingProperty)}`,
      { param: params.missingProperty },
    );
  const field = first?.instancePath.split('/')[1];
  if (field === undefined || field === '')
    return new ProblemError('invalid_field', 'the request body must be a JSON object');
  const type = Array.isArray(params.type) ? params.type.join(' or ') : params.type;
  return new ProblemError(
    'invalid_field',
    `field ${JSON.stringify(field)} must be ${type === 'integer' ? 'a whole number' : `a ${type ?? 'valid value'}`}`,
    { param: field },
  );
}
