import type { FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import { PARAMS, type ParamName } from '../schemas/params.js';

// Plain decimal only: Ajv's own coercion would accept "1e3", "0x10", " 5" and "+5".
const PLAIN_INTEGER = /^(?:0|[1-9][0-9]{0,15})$/;

/**
 * preValidation hook: turns plain-form numbers and booleans of the query into
 * their types so the JSON schema (validated without coercion) can check
 * ranges; anything else, including repeated parameters (arrays), is left as
 * text for the schema to refuse with the parameter's name.
 * @example app.get('/v1/batch', { preValidation: strictQuery, schema }, handler)
 */
export function strictQuery(request: FastifyRequest, _reply: FastifyReply, done: HookHandlerDoneFunction): void {
  plainForms(request.query as Record<string, unknown>);
  done();
}

/**
 * preValidation hook: strictQuery's rule for the path parameters (`/v1/companies/{index}/employees`'s `index`).
 * @example app.get('/v1/companies/:index/employees', { preValidation: [strictQuery, strictParams], schema }, handler)
 */
export function strictParams(request: FastifyRequest, _reply: FastifyReply, done: HookHandlerDoneFunction): void {
  plainForms(request.params as Record<string, unknown>);
  done();
}

/** Turns the plain-form numbers and booleans of known parameters into their types, in place. */
function plainForms(values: Record<string, unknown>): void {
  for (const name in values) {
    if (!Object.hasOwn(PARAMS, name)) continue;
    const type = (PARAMS[name as ParamName].schema as { type: string }).type;
    const value = values[name];
    if (typeof value !== 'string') continue;
    if (type === 'integer' && PLAIN_INTEGER.test(value)) {
      const number = Number(value);
      if (Number.isSafeInteger(number)) values[name] = number;
    } else if (type === 'boolean' && (value === 'true' || value === 'false')) {
      values[name] = value === 'true';
    }
  }
}

/**
 * The route options that run strictQuery when one of the route's query
 * parameters is a number or boolean; none otherwise (a hook less per request
 * on routes whose parameters are all text).
 * @example app.get('/v1/ein', { ...strictQueryFor('seed'), schema }, handler) // no hook
 */
export function strictQueryFor(...names: ParamName[]): { preValidation?: typeof strictQuery } {
  const typed = names.some((name) => ['integer', 'boolean'].includes((PARAMS[name].schema as { type: string }).type));
  return typed ? { preValidation: strictQuery } : {};
}
