/**
 * What `npm run bench` (scripts/bench.mjs) needs besides the shop process (scripts/lib/shop-process.mjs):
 * a PostgreSQL database emptied first, raw HTTP answers (bytes on the wire and time to first byte,
 * without the decompression `fetch` does) and percentiles.
 */
import http from 'node:http';
import postgres from 'postgres';

/**
 * Empties the PostgreSQL database of `url` (its public and drizzle schemas), so the shop migrates
 * and seeds it afresh at start, as on a new install.
 * @param {string} url a PostgreSQL URL the bench may empty (BENCH_DATABASE_URL)
 */
export async function emptyPostgres(url) {
  const sql = postgres(url, { max: 1, onnotice: () => {} });
  try {
    await sql.unsafe('DROP SCHEMA IF EXISTS public CASCADE; DROP SCHEMA IF EXISTS drizzle CASCADE; CREATE SCHEMA public;');
  } finally {
    await sql.end();
  }
}

/**
 * One GET with the body as sent (not decompressed).
 * @param {string} url absolute URL
 * @param {Record<string, string>} [headers] e.g. { 'accept-encoding': 'br' }
 * @returns {Promise<{ status: number, headers: import('node:http').IncomingHttpHeaders, body: Buffer, ttfbMs: number, totalMs: number }>}
 *   ttfbMs: from sending the request to the answer's first byte; totalMs: to its last
 */
export function rawGet(url, headers = {}) {
  return new Promise((resolve, reject) => {
    const t0 = performance.now();
    const req = http.get(url, { headers, agent: false }, (res) => {
      const ttfbMs = performance.now() - t0;
      const chunks = [];
      res.on('data', (c) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks), ttfbMs, totalMs: performance.now() - t0 }));
      res.on('error', reject);
    });
    req.on('error', reject);
  });
}

/** The p-th percentile (0–100) of numbers, nearest rank; NaN for none. */
export function percentile(values, p) {
  if (!values.length) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}
