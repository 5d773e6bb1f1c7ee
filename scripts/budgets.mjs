#!/usr/bin/env node
/**
 * `npm run budgets`: the JavaScript budgets of docs/architecture.md "Budgets" (gzip, before interaction: home,
 * category, product and search ≤ 15 KB; content pages ≤ 10 KB; cart, checkout and account pages
 * ≤ 150 KB; `BUDGETS` of scripts/lib/js-weight.mjs, reported by `npm run bench` in
 * docs/performance.md), checked per page on the built
 * shop (built first when there is none; FORCE_BUILD=true rebuilds). Starts the server on a throwaway
 * database, measures each page of BUDGET_ROUTES in headless Chromium (scripts/lib/js-weight.mjs,
 * the measurement `npm run bench` reports), logged in as the demo member for the member pages,
 * after warming the server's caches; prints a table and exits 1 when a page ships more than its budget, or when a page cannot be
 * measured. BUDGETS_PORT picks the port (default: a free one).
 */
import './lib/project-node.mjs';
import { BUDGET_ROUTES, BUDGETS, addToDemoCart, ensureBuild, freePort, jsBytes, kb, launchChromium, logInDemoMember, warmUp } from './lib/js-weight.mjs';
import { startShopProcess } from './lib/shop-process.mjs';

const CART_PRODUCT = 'P0001';

ensureBuild();
const port = Number(process.env.BUDGETS_PORT || 0) || (await freePort());
// Pictures are made when asked: the background warm-up would only slow the measuring down.
const { base, stop } = await startShopProcess({ port, env: { PICTURE_WARMUP: 'false' } });
const { browser } = await launchChromium();
const rows = [];
let broken = false;
try {
  const warm = await browser.newContext();
  await warmUp(await warm.newPage(), BUDGET_ROUTES.filter((r) => !r.member).map((r) => base + r.url));
  await warm.close();
  const guest = await (await browser.newContext()).newPage();
  const member = await (await browser.newContext()).newPage();
  await logInDemoMember(member, base);
  if (!(await addToDemoCart(base, CART_PRODUCT))) console.warn(`Could not put ${CART_PRODUCT} in the demo member's cart: checkout will redirect to the cart.`);
  for (const route of BUDGET_ROUTES) {
    const page = route.member ? member : guest;
    const budget = BUDGETS[route.kind];
    try {
      const { bytes, finalUrl } = await jsBytes(page, base + route.url);
      const landed = new URL(finalUrl);
      const wanted = new URL(base + route.url);
      const note = landed.pathname === wanted.pathname ? '' : `redirected to ${landed.pathname}: measured that page`;
      rows.push({ ...route, bytes, budget, note });
    } catch (err) {
      broken = true;
      rows.push({ ...route, bytes: NaN, budget, note: `not measured: ${err.message.split('\n')[0]}` });
    }
  }
} finally {
  await browser.close();
  await stop();
}

const over = rows.filter((r) => !(r.bytes <= r.budget));
const table = [
  ['Page', 'URL', 'JS (KB gzip)', 'Budget (KB)', 'Within', ''],
  ...rows.map((r) => [r.name, r.url, Number.isNaN(r.bytes) ? '–' : kb(r.bytes), kb(r.budget), r.bytes <= r.budget ? 'yes' : 'NO', r.note]),
];
const widths = table[0].map((_, i) => Math.max(...table.map((row) => row[i].length)));
const right = new Set([2, 3]);
console.log('\nJavaScript shipped before interaction (gzip), docs/architecture.md "Budgets":\n');
for (const [i, row] of table.entries()) {
  console.log(row.map((cell, c) => (right.has(c) ? cell.padStart(widths[c]) : cell.padEnd(widths[c]))).join('  ').trimEnd());
  if (i === 0) console.log(widths.map((w) => '-'.repeat(w)).join('  ').trimEnd());
}
if (over.length || broken) {
  console.log(`\n${over.length} page(s) above budget or not measured: ${over.map((r) => r.name).join(', ')}.`);
  process.exit(1);
}
console.log('\nEvery page is within its budget.');
