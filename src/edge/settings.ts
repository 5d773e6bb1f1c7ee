/**
 * The Worker's settings (ADR 35): the Worker's environment (wrangler `vars` and secrets), read
 * through `cloudflare:workers`, in place of the Node process's environment. Each value is read when asked, so a
 * secret set with `wrangler secret put` counts from the next request on.
 */
import { env } from 'cloudflare:workers';

/** The Worker environment's string value `name`, or undefined (numbers and booleans as text, bindings never). */
export function setting(name: string): string | undefined {
  const v = (env as unknown as Record<string, unknown>)[name];
  if (typeof v === 'string') return v;
  if (typeof v === 'number' || typeof v === 'boolean') return String(v);
  return undefined;
}
