/**
 * Every instance shows a catalogue change at once (issue "The chain's own catalogue" §5; ADR 26):
 * two built servers share a fresh PostgreSQL database. Instance B's page cache holds a product's
 * page and its category's page (answered X-Cache: HIT); HQ changes the product's price through
 * instance A; B's pages show the new price on the next request, well before their max-age (60 s)
 * would let them go: A's PostgreSQL NOTIFY made B drop them. The test polls B until the price is
 * there (at most 10 s, a bound for a loaded machine; the issue asks 2 s) and prints how long it took.
 * Needs TEST_DATABASE_URL (a user allowed to CREATE DATABASE).
 */
import { expect, test } from '@playwright/test';
import { formatAmount } from '../../src/domain/money';
import { sharedEnv, startShop } from '../../scripts/two-instances.mjs';
import { freePort, freshDatabase } from './processes';

const API = '/api/mobile_ecom/xs_api.php';
const KEY = { 'x-api-key': process.env.XS_API_KEY ?? 'xs-local-dev-key', 'content-type': 'application/json' };
const PRODUCT = 'P0011';
/** How long B may take to show the change before the test fails (ms); the figure is printed. */
const BOUND_MS = 10_000;

test('a price changed through one instance is on the other instance’s cached product and category pages at once', async () => {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('Set TEST_DATABASE_URL (PostgreSQL, allowed to CREATE DATABASE) for the two-instance catalogue test.');
  const database = await freshDatabase(adminUrl, 'xs_catalogue_changes');
  const env = { ...sharedEnv({}), DATABASE_URL: database.url, DATABASE_POOL_SIZE: '4', PICTURE_WARMUP: 'false' };
  const a = startShop({ port: await freePort(), env });
  const b = startShop({ port: await freePort(), env });
  try {
    await Promise.all([a.ready(90_000), b.ready(90_000)]);
    const api = async (base: string, path: string, init: { body?: unknown; token?: string } = {}) => {
      const res = await fetch(`${base}${API}/${path}`, {
        method: init.body === undefined ? 'GET' : 'POST',
        headers: { ...KEY, ...(init.token && { authorization: `Bearer ${init.token}` }) },
        body: init.body === undefined ? undefined : JSON.stringify(init.body),
      });
      const json = await res.json();
      expect(res.status, `${path}: ${JSON.stringify(json)}`).toBe(200);
      return json;
    };
    // An HQ member, made with the bootstrap token and logged in on A.
    await api(a.url, 'staff/add', { token: env.OPS_TOKEN, body: { login: 'hq.prices', name: 'HQ Prices', password: 'hq-password-42', role: 'hq', outlets: [] } });
    const { token } = await api(a.url, 'staff/login', { body: { login: 'hq.prices', password: 'hq-password-42' } });
    const { data: product } = await api(a.url, `ops/catalogue/product?product_code=${PRODUCT}`, { token });
    const pages = [`/product/${PRODUCT}`, `/category/${product.line_code}`];

    // B keeps both pages: the second request of each is a HIT.
    for (const page of pages) {
      await fetch(b.url + page).then((r) => r.text());
      const again = await fetch(b.url + page);
      await again.text();
      expect([page, again.headers.get('x-cache')]).toEqual([page, 'HIT']);
    }

    const newSen = product.final_price_sen === 87_655 ? 87_650 : 87_655;
    const shown = formatAmount(newSen);
    const started = Date.now();
    await api(a.url, 'ops/catalogue/product_update', {
      token,
      body: { ...product, price_sen: Math.max(product.price_sen, newSen), final_price_sen: newSen, product_description: product.product_description ?? undefined, product_detail: product.product_detail ?? undefined },
    });
    const changedAt = Date.now();
    const seenAfter: Record<string, number> = {};
    for (const page of pages) {
      for (;;) {
        const res = await fetch(b.url + page);
        const html = await res.text();
        if (html.includes(shown)) break;
        if (Date.now() - changedAt > BOUND_MS) throw new Error(`${page} on the other instance still without the new price ${shown} after ${BOUND_MS} ms (X-Cache ${res.headers.get('x-cache')})`);
        await new Promise((r) => setTimeout(r, 25));
      }
      seenAfter[page] = Date.now() - changedAt;
    }
    const figures = { updateMs: changedAt - started, seenOnOtherInstanceMs: seenAfter };
    console.log(`Catalogue change across instances: ${JSON.stringify(figures)}`);
    test.info().annotations.push({ type: 'figures', description: JSON.stringify(figures) });
  } finally {
    await Promise.all([a.stop('SIGTERM'), b.stop('SIGTERM')]);
    await database.drop();
  }
});
