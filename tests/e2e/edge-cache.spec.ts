/**
 * Pages cached at the edge (ADR 36), run only with E2E_TOPOLOGY=edge (playwright.config.ts keeps it
 * out of the other topologies, where no worker runs): the storefront in workerd keeps a catalogue
 * page (the local stand-in for the platform's cache, src/edge/local-cache.ts), and a price changed
 * on the Node shop reaches it at once — the Node shop purges the page's tags through the worker's
 * purge address — instead of after the page's minute of freshness. The page is then read in a
 * browser in EN and AR with the new price.
 */
import type { APIRequestContext } from '@playwright/test';
import { expect, test } from './test';
import { API, API_KEY, firstLine } from './shop-api';
import { E2E_OPS_TOKEN } from '../../playwright.config';

const stamp = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`.toUpperCase();

/** A named HQ member's headers (a catalogue change names who made it): added with the operators' token, then logged in. */
async function hqHeaders(request: APIRequestContext): Promise<Record<string, string>> {
  const login = `e2e.edge.${stamp().toLowerCase()}`;
  const password = 'edge-cache-password-1';
  const added = await request.post(`${API}/staff/add`, { headers: { ...API_KEY, authorization: `Bearer ${E2E_OPS_TOKEN}` }, data: { login, name: 'HQ Aisyah', password, role: 'hq', outlets: [] } });
  expect(added.status(), await added.text()).toBe(200);
  const { token } = (await (await request.post(`${API}/staff/login`, { headers: API_KEY, data: { login, password } })).json()) as { token: string };
  return { ...API_KEY, authorization: `Bearer ${token}` };
}

test('a catalogue page is kept at the edge and a price change on the Node shop purges it at once', async ({ page, request }) => {
  const ops = await hqHeaders(request);
  const code = `EDG${stamp()}`.slice(0, 20);
  const product = { product_code: code, product_name: { en: `Edge Kaya ${code}`, zh: `咖椰 ${code}`, ar: `كايا ${code}` }, line_code: await firstLine(request, ops.authorization!.slice(7)), unit: '300 g', price_sen: 1290, final_price_sen: 1290, visible: true };
  const created = await request.post(`${API}/ops/catalogue/product_create`, { headers: ops, data: product });
  expect(created.status(), await created.text()).toBe(200);

  // Rendered once, then answered by the edge's cache; the platform's own headers never reach the browser.
  const path = `/product/${code}`;
  await expect.poll(async () => (await request.get(path)).headers()['x-edge-cache']).toBe('HIT');
  const kept = await request.get(path);
  expect(await kept.text()).toContain('RM 12.90');
  expect(kept.headers()['cache-tag']).toBeUndefined();
  expect(kept.headers()['cloudflare-cdn-cache-control']).toBeUndefined();

  const updated = await request.post(`${API}/ops/catalogue/product_update`, { headers: ops, data: { ...product, price_sen: 1420, final_price_sen: 1350 } });
  expect(updated.status(), await updated.text()).toBe(200);
  // The page stays fresh for 60 s (src/server/cache.ts): the new price within 10 s is the purge's doing.
  await expect.poll(async () => (await request.get(path)).text(), { timeout: 10_000 }).toContain('RM 13.50');

  for (const locale of ['', '/ar']) {
    await page.goto(`${locale}${path}`);
    await expect(page.locator('main')).toContainText('13.50');
  }
  // A shopper's own pages are never kept.
  await request.get('/cart');
  expect((await request.get('/cart')).headers()['x-edge-cache']).not.toBe('HIT');
});
