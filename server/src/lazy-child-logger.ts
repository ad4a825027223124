import type { FastifyBaseLogger } from 'fastify';

type Bindings = Record<string, unknown>;
type LogArgs = Parameters<FastifyBaseLogger['info']>;

/**
 * Fastify's `childLoggerFactory`: `request.log` makes pino's child logger
 * (with the request id bound) only when something is logged through it. Most
 * requests log one line, written by the onResponse hook on the root logger
 * with the request id as a field, so creating a child per request was pure
 * cost. Lines logged through `request.log` are unchanged.
 * @example Fastify({ logger, childLoggerFactory: lazyChildLogger })
 */
export function lazyChildLogger(logger: FastifyBaseLogger, bindings: Bindings, options: object): FastifyBaseLogger {
  return new LazyChildLogger(logger, bindings, options) as unknown as FastifyBaseLogger;
}

class LazyChildLogger {
  #child: FastifyBaseLogger | undefined;

  constructor(
    private readonly parent: FastifyBaseLogger,
    private readonly bindings: Bindings,
    private readonly options: object,
  ) {}

  get level(): string {
    return (this.#child ?? this.parent).level;
  }

  set level(level: string) {
    this.#real().level = level;
  }

  fatal(...args: LogArgs): void {
    this.#real().fatal(...args);
  }

  error(...args: LogArgs): void {
    this.#real().error(...args);
  }

  warn(...args: LogArgs): void {
    this.#real().warn(...args);
  }

  info(...args: LogArgs): void {
    this.#real().info(...args);
  }

  debug(...args: LogArgs): void {
    this.#real().debug(...args);
  }

  trace(...args: LogArgs): void {
    this.#real().trace(...args);
  }

  silent(...args: LogArgs): void {
    this.#real().silent(...args);
  }

  child(bindings: Bindings, options?: object): FastifyBaseLogger {
    return this.#real().child(bindings, options);
  }

  #real(): FastifyBaseLogger {
    return (this.#child ??= this.parent.child(this.bindings, this.options));
  }
}
