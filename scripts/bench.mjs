#!/usr/bin/env node
/**
 * `npm run bench`: measures the budgets of DESIGN.md on the built shop and writes
 * docs/performance.md —
 *   1. JavaScript shipped before interaction (gzip) per page, in headless Chromium (the measurement
 *      of scripts/lib/js-weight.mjs, which `npm run budgets` checks against the budgets in CI);
 *   2. Lighthouse mobile performance score of home, category, product and search (local Chromium);
 *   3. product page server time (p50/p95) at 32 concurrent requests, embedded database.
 * LIGHTHOUSE=false leaves out the Lighthouse runs.
 * Uses a throwaway database on BENCH_PORT (default 4610).
 */
import fs from 'node:fs';
import os from 'node:os';
import { BUDGET_ROUTES, BUDGETS, addToDemoCart, ensureBuild, jsBytes, kb, launchChromium, logInDemoMember, root, startShop, warmUp } from './lib/js-weight.mjs';

process.chdir(root);
const port = Number(process.env.BENCH_PORT ?? 4610);

ensureBuild();
const { base, stop } = await startShop(port);
const { browser, executablePath } = await launchChromium();

// The pages of the budget check (npm run budgets), and two more content pages.
const routes = [...BUDGET_ROUTES, { name: 'Login', url: '/login', kind: 'content' }, { name: '404', url: '/no-such-page', kind: 'content' }];
const rows = [];
const warmContext = await browser.newContext();
await warmUp(await warmContext.newPage(), routes.filter((r) => !r.member).map((r) => base + r.url));
await warmContext.close();
const guest = await (await browser.newContext()).newPage();
for (const r of routes.filter((x) => !x.member)) rows.push({ ...r, bytes: (await jsBytes(guest, base + r.url)).bytes });
const member = await (await browser.newContext()).newPage();
await logInDemoMember(member, base);
await addToDemoCart(base, 'P0001');
for (const r of routes.filter((x) => x.member)) rows.push({ ...r, bytes: (await jsBytes(member, base + r.url)).bytes });
// Warm the server's caches (pages and transformed pictures) the way a CDN in front would be, at
// the phone size Lighthouse emulates.
const phone = await browser.newContext({ viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true });
await warmUp(await phone.newPage(), rows.filter((x) => x.kind === 'catalogue').map((r) => base + r.url));
await browser.close();

// Lighthouse (mobile preset: emulated phone, simulated slow 4G and 4x CPU slowdown).
const scores = [];
if (process.env.LIGHTHOUSE !== 'false') {
  const { default: lighthouse } = await import('lighthouse');
  const chromeLauncher = await import('chrome-launcher');
  for (const r of rows.filter((x) => x.kind === 'catalogue')) {
    const chrome = await chromeLauncher.launch({ chromePath: executablePath, chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking'] });
    try {
      const result = await lighthouse(base + r.url, { port: chrome.port, output: 'json', onlyCategories: ['performance'], logLevel: 'error' });
      const lhr = result.lhr;
      scores.push({ name: r.name, score: Math.round(lhr.categories.performance.score * 100), lcp: lhr.audits['largest-contentful-paint'].displayValue, tbt: lhr.audits['total-blocking-time'].displayValue, cls: lhr.audits['cumulative-layout-shift'].displayValue });
    } finally {
      await chrome.kill();
    }
  }
}

// Server time of the product page at 32 concurrent requests.
const products = Array.from({ length: 40 }, (_, i) => `/product/P${String(i + 1).padStart(4, '0')}`);
for (const p of products) await fetch(base + p).then((r) => r.text());
const times = [];
let next = 0;
const total = 2000;
const started = performance.now();
await Promise.all(
  Array.from({ length: 32 }, async () => {
    while (next < total) {
      const url = base + products[next++ % products.length];
      const t0 = performance.now();
      await fetch(url).then((r) => r.text());
      times.push(performance.now() - t0);
    }
  }),
);
const elapsed = (performance.now() - started) / 1000;
times.sort((a, b) => a - b);
const pct = (p) => times[Math.min(times.length - 1, Math.floor((p / 100) * times.length))].toFixed(1);
stop();

const lines = [
  '# Performance',
  '',
  `Measured by \`npm run bench\` on ${new Date().toISOString().slice(0, 10)} (${os.cpus().length} cores, Node ${process.versions.node}); embedded database.`,
  '',
  '## JavaScript before interaction (gzip)',
  '',
  '| Page | JS (KB gzip) | Budget (KB) | Within |',
  '| --- | ---: | ---: | --- |',
  ...rows.map((r) => `| ${r.name} (\`${r.url}\`) | ${kb(r.bytes)} | ${kb(BUDGETS[r.kind])} | ${r.bytes <= BUDGETS[r.kind] ? 'yes' : '**no**'} |`),
  '',
  'Every script response while the page loads without the browser cache (including islands hydrated at load) plus inline scripts (not JSON-LD), each gzipped at level 9, on a warmed server (scripts/lib/js-weight.mjs; `npm run budgets` checks the same figures in CI).',
  '',
  ...(scores.length
    ? [
        '## Lighthouse, mobile (performance)',
        '',
        '| Page | Score | LCP | TBT | CLS |',
        '| --- | ---: | ---: | ---: | ---: |',
        ...scores.map((x) => `| ${x.name} | ${x.score} | ${x.lcp} | ${x.tbt} | ${x.cls} |`),
        '',
        'Budget: ≥ 95. Local Chromium, Lighthouse mobile preset, against the server on this machine with warm caches (as behind a CDN).',
        '',
      ]
    : []),
  '## Product page server time',
  '',
  `${total} requests over 40 products, 32 at a time: p50 ${pct(50)} ms, p95 ${pct(95)} ms, p99 ${pct(99)} ms, ${(total / elapsed).toFixed(0)} requests/s (budget: p95 ≤ 50 ms).`,
  '',
];
fs.writeFileSync('docs/performance.md', lines.join('\n'));
console.log(lines.join('\n'));
process.exit(0);
