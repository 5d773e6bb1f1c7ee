/**
 * Graceful shutdown hooks (issue "Hardened for the open internet" §11, docs/architecture.md Operations). Modules
 * that hold a connection (the database, Redis) register a closer here; src/server/http/serve.ts, which
 * cannot import the bundle's chunks by name, finds the set under a well-known symbol on
 * `globalThis` and runs every closer once the requests in flight are done.
 */

/** The symbol src/server/http/serve.ts looks up: `globalThis[Symbol.for('xs-storefront.shutdown')]` is a Set of closers. */
export const SHUTDOWN_KEY = Symbol.for('xs-storefront.shutdown');

/** Closes one resource; must not throw for an already closed one. */
export type Closer = () => Promise<void>;

function closers(): Set<Closer> {
  const g = globalThis as { [SHUTDOWN_KEY]?: Set<Closer> };
  return (g[SHUTDOWN_KEY] ??= new Set());
}

/** Registers `close` to run at shutdown (once per function, however often it is registered). */
export function onShutdown(close: Closer): void {
  closers().add(close);
}
