/**
 * Metrics (issue "Safe to run in production" §6; src/server/http/metrics.ts, src/server/metrics.ts):
 * who may read /metrics, the bounded route labels, one registry however often the module is
 * loaded, the page cache's figures read at each scrape, and an expiry run observed from outside.
 */
import { describe, expect, it } from 'vitest';
import { metricsAccess } from '../../src/server/http/metrics-access.ts';
import { currentRequest, shopMetrics } from '../../src/server/http/metrics.ts';
import { metrics, observeExpiryRun, routeLabel } from '../../src/server/metrics';
import { API_BASE } from '../../src/lib/xs-api/contract';

/** The value of one sample in the registry's text, 0 when absent. */
async function sample(name: string): Promise<number> {
  const text = await shopMetrics().registry.metrics();
  const line = text.split('\n').find((l) => l.startsWith(`${name} `));
  return line ? Number(line.slice(name.length + 1)) : 0;
}

describe('metricsAccess', () => {
  it('is off without a token, allows only the right bearer token', () => {
    expect(metricsAccess('', 'Bearer anything')).toBe('off');
    expect(metricsAccess('', undefined)).toBe('off');
    const token = 'a-metrics-token-of-enough-length';
    expect(metricsAccess(token, `Bearer ${token}`)).toBe('allowed');
    expect(metricsAccess(token, `bearer ${token}`)).toBe('allowed');
    expect(metricsAccess(token, undefined)).toBe('refused');
    expect(metricsAccess(token, `Bearer ${token}x`)).toBe('refused');
    expect(metricsAccess(token, `Basic ${token}`)).toBe('refused');
    expect(metricsAccess(token, 'Bearer ')).toBe('refused');
  });
});

describe('routeLabel', () => {
  it('names the API operation by its path pattern, never the raw path', () => {
    expect(routeLabel(`${API_BASE}/add_order/M000123`, '/api/mobile_ecom/xs_api.php/[...path]')).toBe(`${API_BASE}/add_order/:member`);
    expect(routeLabel(`${API_BASE}/product_detail/P0001`, undefined)).toBe(`${API_BASE}/product_detail/:code/:member?`);
    expect(routeLabel(`${API_BASE}/product_detail/P0001/M1`, undefined)).toBe(`${API_BASE}/product_detail/:code/:member?`);
    expect(routeLabel(`${API_BASE}/no_such_thing/123`, undefined)).toBe(`${API_BASE}/unknown`);
  });

  it('takes Astro’s route pattern for pages, else other', () => {
    expect(routeLabel('/product/P0001', '/product/[product_no]')).toBe('/product/[product_no]');
    expect(routeLabel('/whatever', undefined)).toBe('other');
    // A locale's page redirected before its rewrite still carries the 404 route it first matched.
    expect(routeLabel('/cart', '/404', 302)).toBe('other');
    expect(routeLabel('/nope', '/404', 404)).toBe('/404');
  });
});

describe('the registry', () => {
  it('is one per process: the app and the server find the same metrics', () => {
    expect(shopMetrics()).toBe(metrics);
    expect(shopMetrics().registry).toBe(metrics.registry);
  });

  it('reads the page cache’s figures at each scrape', async () => {
    let hits = 3;
    metrics.setPageCacheStats(() => ({ entries: 2, bytes: 1000, maxBytes: 5000, hits, misses: 4, stores: 2, evictions: 1 }));
    expect(await sample('xs_page_cache_requests_total{result="hit"}')).toBe(3);
    hits = 7;
    expect(await sample('xs_page_cache_requests_total{result="hit"}')).toBe(7);
    expect(await sample('xs_page_cache_requests_total{result="miss"}')).toBe(4);
    expect(await sample('xs_page_cache_entries')).toBe(2);
    expect(await sample('xs_page_cache_evictions_total')).toBe(1);
    metrics.setPageCacheStats(() => null);
  });

  it('carries the request record only inside a request the server runs', () => {
    expect(currentRequest()).toBeUndefined();
    const record = {};
    metrics.requests.run(record, () => expect(currentRequest()).toBe(record));
  });
});

describe('observeExpiryRun', () => {
  it('counts a run, its cancelled orders and the backlog; a failed run is counted and rethrown', async () => {
    const ok = await sample('xs_order_expiry_runs_total{result="ok"}');
    const cancelled = await sample('xs_order_expiry_cancelled_total');
    expect(await observeExpiryRun(async () => ['WEB1', 'WEB2'], async () => 5)).toEqual(['WEB1', 'WEB2']);
    expect(await sample('xs_order_expiry_runs_total{result="ok"}')).toBe(ok + 1);
    expect(await sample('xs_order_expiry_cancelled_total')).toBe(cancelled + 2);
    expect(await sample('xs_order_expiry_backlog')).toBe(5);
    const failed = await sample('xs_order_expiry_runs_total{result="failed"}');
    await expect(observeExpiryRun(async () => Promise.reject(new Error('database gone')), async () => 9)).rejects.toThrow('database gone');
    expect(await sample('xs_order_expiry_runs_total{result="failed"}')).toBe(failed + 1);
    expect(await sample('xs_order_expiry_backlog')).toBe(9);
  });
});
