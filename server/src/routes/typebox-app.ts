import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type {
  FastifyBaseLogger,
  FastifyInstance,
  FastifyTypeProvider,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
} from 'fastify';

// The TypeBox provider's own inference for one schema (how Fastify itself applies a provider).
type TypeBoxValidated<Schema> = (TypeBoxTypeProvider & { schema: Schema })['validator'];

/**
 * What a route receives, typed from its schema by the TypeBox type provider: `request.query`,
 * `params`, `body` and `headers`. Replies keep Fastify's default typing: their schemas serialize
 * the body at run time as before, and typing them too is a separate change.
 */
export interface TypeBoxRequestProvider extends FastifyTypeProvider {
  /** The TypeBox provider's own inference, applied to this route's schema. */
  validator: TypeBoxValidated<this['schema']>;
}

/**
 * The app as a route plugin sees it: each handler's request parts take their types from the route's
 * schema, the same schema Fastify's AJV validates with, so a schema change cannot leave a stale
 * hand-written type. Types only: nothing runs per request.
 * @example export async function einRoutes(app: TypeBoxApp): Promise<void> { ... }
 */
export type TypeBoxApp = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  TypeBoxRequestProvider
>;
