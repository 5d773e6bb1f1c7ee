/**
 * The one name the edge build takes from the Workers runtime (src/edge/settings.ts): the Worker's
 * environment (vars, secrets and bindings), importable at the top of a module.
 */
declare module 'cloudflare:workers' {
  export const env: Record<string, unknown>;
}
