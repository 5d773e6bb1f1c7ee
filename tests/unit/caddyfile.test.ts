/**
 * The public proxy of compose.yaml (deploy/Caddyfile) keeps the staff and operator operations of the
 * bundled API to itself (ADR 25): a path matcher for them answers 404 before anything is proxied,
 * and the console at /staff is proxied like any page. Readiness and metrics are not for visitors
 * (issue "Safe to run in production" §6).
 */
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { API_BASE } from '../../src/lib/xs-api/contract';
import { operations } from '../../src/lib/xs-api/contract';

const caddy = fs.readFileSync('deploy/Caddyfile', 'utf8').replace(/#.*$/gm, '');

/** The paths of Caddy's named matcher `@name path …`, as RegExps of their globs. */
function matcher(name: string): RegExp[] {
  const line = new RegExp(`@${name}\\s+path\\s+([^\\n]+)`).exec(caddy);
  expect(line, `matcher @${name}`).not.toBeNull();
  return line![1]!.trim().split(/\s+/).map((glob) => new RegExp(`^${glob.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '.*')}$`));
}

describe('deploy/Caddyfile', () => {
  it('answers 404 for every staff and operator operation, before proxying', () => {
    const hidden = matcher('staffApi');
    // Not the integration operations: other systems (the point-of-sale stock feed) reach them with their own token.
    const staffOps = Object.values(operations).filter((op) => 'auth' in op && (op.auth === 'staff' || op.auth === 'hq'));
    expect(staffOps.length).toBeGreaterThan(15);
    for (const op of staffOps) {
      const path = `${API_BASE}/${op.path.replace(/:\w+/g, 'X')}`;
      expect(hidden.some((re) => re.test(path)), path).toBe(true);
    }
    expect(caddy.indexOf('respond @staffApi 404')).toBeGreaterThan(-1);
    expect(caddy.indexOf('respond @staffApi 404')).toBeLessThan(caddy.indexOf('reverse_proxy'));
  });

  it('answers 404 for /metrics and /readyz before proxying, and checks the instances by liveness', () => {
    for (const path of ['/metrics', '/readyz']) {
      const at = caddy.indexOf(`respond ${path} 404`);
      expect(at, path).toBeGreaterThan(-1);
      expect(at, path).toBeLessThan(caddy.indexOf('reverse_proxy'));
    }
    // A database outage must not take every instance out (their page caches keep serving).
    expect(caddy).toMatch(/health_uri \/healthz\b/);
  });

  it('leaves the shoppers’ operations, the webhooks and the console reachable', () => {
    const hidden = matcher('staffApi');
    for (const path of [`${API_BASE}/add_order/M1`, `${API_BASE}/pos/stock`, `${API_BASE}/payment_webhook_stripe`, '/staff', '/staff/orders/WEB1', '/staff/login']) {
      expect(hidden.some((re) => re.test(path)), path).toBe(false);
    }
  });
});
