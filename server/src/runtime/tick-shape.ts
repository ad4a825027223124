import { createHook } from 'node:async_hooks';

// The one tick object held for the life of the process (see keepTickShape).
let held: object | undefined;

/**
 * Holds one of Node's process.nextTick objects for the life of the process,
 * so that the hidden class (map) every tick object shares is never collected.
 *
 * Why: Node 20 builds each tick as an object literal with computed symbol
 * keys, and V8 holds that literal's chain of maps only weakly. When a full
 * garbage collection runs while no tick is pending (during startup, or when
 * the server is idle), the maps die and the next ticks get new ones. Each
 * time, the inline cache of nextTick, which V8 inlines into the stream code
 * every request runs (endReadable, resume, onwrite...), records another map,
 * until it is megamorphic and every tick goes through V8's runtime. Measured
 * with perf on the API: those functions then cost about 3 µs per request,
 * six times what they cost in a process with stable maps. One live tick
 * object keeps the chain, and the inline caches stay monomorphic.
 *
 * The object is caught by an async hook that is enabled for one nextTick
 * call and disabled at once (no hook runs afterwards). Idempotent.
 * @example keepTickShape(); // once, when the server starts
 */
export function keepTickShape(): void {
  if (held !== undefined) return;
  const hook = createHook({
    init(_asyncId, type, _triggerAsyncId, resource) {
      if (type === 'TickObject' && held === undefined) held = resource;
    },
  });
  hook.enable();
  try {
    process.nextTick(() => {});
  } finally {
    hook.disable();
  }
}

/** Whether a tick object is held (for tests). */
export function tickShapeHeld(): boolean {
  return held !== undefined;
}
