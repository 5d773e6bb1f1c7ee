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
