/**
 * A storefront apart from its API (README "The storefront apart from its API"; ADR 30), as
 * processes: with its API away it opens no database of its own, `/readyz` says the API is
 * unreachable (503), a page says in the shopper's language that the shop is briefly unavailable
 * (Retry-After), and the contract's path answers 502 in the contract's shape. When the API process
 * starts, the same storefront is ready and serves the catalogue without a restart.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { startShop } from '../../scripts/two-instances.mjs';
import { freePort } from './processes';

test('with its API away the storefront says so, and serves once the API is up', async () => {
  test.setTimeout(120_000);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'xs-apart-'));
  const apiPort = await freePort();
  const front = startShop({ port: await freePort(), env: { XS_API_URL: `http://127.0.0.1:${apiPort}/api/mobile_ecom/xs_api.php`, DATA_DIR: path.join(dir, 'front-data'), PICTURE_WARMUP: 'false' } });
  let api: ReturnType<typeof startShop> | undefined;
  try {
    await expect.poll(() => fetch(`${front.url}/healthz`).then((r) => r.status, () => 0), { timeout: 30_000 }).toBe(200);
    const ready = await fetch(`${front.url}/readyz`);
    expect(ready.status).toBe(503);
    expect(await ready.json()).toEqual({ status: 'not_ready', database: 'not_configured', redis: 'not_configured', api: 'unreachable' });

    const page = await fetch(`${front.url}/ar/product/P0001`);
    expect(page.status).toBe(500);
    expect(page.headers.get('retry-after')).toBe('30');
    const html = await page.text();
    expect(html).toContain('dir="rtl"');
    expect(html).toContain('المتجر غير متاح مؤقتًا');

    const contract = await fetch(`${front.url}/api/mobile_ecom/xs_api.php/state_listing`, { headers: { 'x-api-key': 'xs-local-dev-key' } });
    expect(contract.status).toBe(502);
    expect(await contract.json()).toMatchObject({ Status: 0 });
    // No database of its own was opened.
    expect(fs.existsSync(path.join(dir, 'front-data'))).toBe(false);

    api = startShop({ port: apiPort, env: { DATA_DIR: path.join(dir, 'api-data'), SITE_URL: front.url, PICTURE_WARMUP: 'false' } });
    await api.ready();
    await front.ready();
    const product = await fetch(`${front.url}/product/P0001`);
    expect(product.status).toBe(200);
    expect(await product.text()).toContain('Pork Belly');
  } finally {
    await front.stop('SIGKILL');
    await api?.stop('SIGKILL');
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
