/**
 * The test shops of the browser tests: one server per Playwright worker, on E2E_PORT (default 4510)
 * plus the worker's parallel index, each on a fresh embedded database of its own
 * (playwright.config.ts starts them; tests/e2e/test.ts points each test at its worker's shop).
 * E2E_WORKERS (default 2) sets how many: a spec file then never shares its shop with another file
 * running at the same time.
 */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 4510);
export const E2E_WORKERS = Math.max(1, Number(process.env.E2E_WORKERS ?? 2) || 1);

/** The address of shop `n` (0-based: the worker's parallel index). */
export function shopUrl(n: number): string {
  return `http://127.0.0.1:${E2E_PORT + n}`;
}

/**
 * E2E_TOPOLOGY=split runs each test shop as two processes of the same build: the storefront at
 * shopUrl(n), which the tests talk to, with XS_API_URL pointing at an API process at apiUrl(n) that
 * holds the database (README "The storefront apart from its API"). Unset: one process per shop.
 */
export const E2E_SPLIT = process.env.E2E_TOPOLOGY === 'split' || process.env.E2E_TOPOLOGY === 'edge';

/**
 * E2E_TOPOLOGY=edge is the split with the storefront of the edge build (`npm run build:edge`) in
 * workerd (`npm run start:edge`, README "At the edge") in place of the Node storefront.
 */
export const E2E_EDGE = process.env.E2E_TOPOLOGY === 'edge';

/** The API process of split shop `n` (50 ports above the storefronts). */
export function apiUrl(n: number): string {
  return `http://127.0.0.1:${E2E_PORT + 50 + n}`;
}
