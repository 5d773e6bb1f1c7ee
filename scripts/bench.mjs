#!/usr/bin/env node
/**
 * `npm run bench`: measures the goals of docs/architecture.md "Budgets" (issue "Fast at the origin, not only
 * behind a CDN") on the built shop and writes docs/performance.md, one column per database:
 * the embedded PGlite always, and PostgreSQL too when BENCH_DATABASE_URL names a database the bench
 * may empty. Each database is fresh (a new PGlite folder; the PostgreSQL database's schemas dropped)
 * and gets its own server, measured in this order:
 *   1. pictures ready at start: the home page's pictures fetched right after a cold start;
 *   2. HTML size of home, product, category and search (raw, gzip and brotli as sent);
 *   3. render cost with the route cache bypassed (pages nobody asked for yet): CPU ms per render
 *      from the server's /proc/<pid>/stat, and renders per second;
 *   4. a cached product page against a static file, autocannon at 32 connections (the ratio), and
 *      both against a bare node:http server answering the same bytes from memory (scripts/lib/bare-server.mjs);
 *   5. JavaScript before interaction per page (first database only: the same build) and
 *      Lighthouse mobile, three runs per catalogue page (LIGHTHOUSE=false leaves it out);
 *   6. memory after 10,000 mixed requests (scripts/lib/load-mix.mjs): on the process that ran the
 *      steps above, then (the goal's figure) on a new process (PGlite: a new database).
 *   7. expiry at scale (PostgreSQL only: BENCH_DATABASE_URL): 10,000 unpaid orders past their
 *      window, expired by two shop processes on the same database at once (scripts/lib/bench-expiry.mjs),
 *      on a database of its own making (emptied again first).
 *   8. the point-of-sale import, per database (emptied again first): 10,000 products and 220,000
 *      stock rows (22 outlets), each file as a dry run, applied, and applied again
 *      (scripts/lib/bench-import.mjs).
 *   9. adding product pictures (ADR 28): a 12 MP JPEG, a PNG and a WebP, three times each, on a fresh
 *      embedded database (scripts/lib/bench-pictures.mjs).
 *  10. the storefront at the edge (ADR 35, 36): a product page from the worker in workerd, uncached
 *      and cached, beside the Node shop, and the worker's size (scripts/lib/bench-edge.mjs; needs
 *      `npm run build:edge`, which the bench runs when there is no edge build).
 *  11. start-up and build (ADR 38): `npm run build` with its caches filled, a fresh clone's
 *      `npm start` to its first page, and the server's RSS then and 10 s later
 *      (scripts/lib/bench-startup.mjs).
 * BENCH_EMBEDDED=false (with BENCH_DATABASE_URL) measures PostgreSQL alone.
 * BENCH_ONLY runs some sections alone: `pages` (steps 1–6), `expiry` (step 7, which needs
 * BENCH_DATABASE_URL), `import` (step 8), `pictures` (step 9), `edge` (step 10) or `startup` (step 11), comma-separated; a run of some sections rewrites only theirs in
 * docs/performance.md and keeps the others as they were.
 * Builds first when there is no build (FORCE_BUILD=true rebuilds). BENCH_PORT: first port (default
 * 4610; the next database takes the next). Prints the report and writes it; exits 1 when a
 * measurement could not be made (a goal not met is reported, not an error).
 */
import './lib/project-node.mjs';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { cachedVsStatic, catalogueOf, htmlSize, picturesAtStart, renderCost, uncachedUrls } from './lib/bench-measure.mjs';
import { emptyPostgres } from './lib/bench-server.mjs';
import { startShopProcess, waitUntilQuiet } from './lib/shop-process.mjs';
import { lighthouseRuns, measureJs, warmForPhone } from './lib/bench-browser.mjs';
import { runLoadMix } from './lib/load-mix.mjs';
import { EDGE_HEADING, edgeSection, EXPIRY_HEADING, expirySection, IMPORT_HEADING, importSection, performanceReport, PICTURES_HEADING, picturesSection, STARTUP_HEADING, startupSection, withSection } from './lib/bench-report.mjs';
import { benchStartup, STARTUP_BENCH, STARTUP_GOALS } from './lib/bench-startup.mjs';
import { benchEdge } from './lib/bench-edge.mjs';
import { benchPictures } from './lib/bench-pictures.mjs';
import { benchExpiry } from './lib/bench-expiry.mjs';
import { benchImport } from './lib/bench-import.mjs';
import { ensureBuild, root } from './lib/js-weight.mjs';

process.chdir(root);
const firstPort = Number(process.env.BENCH_PORT ?? 4610);
const withLighthouse = process.env.LIGHTHOUSE !== 'false';
const pgUrl = process.env.BENCH_DATABASE_URL?.trim();
const embedded = process.env.BENCH_EMBEDDED !== 'false' || !pgUrl;
const SECTIONS = ['pages', 'expiry', 'import', 'pictures', 'edge', 'startup'];
const only = (process.env.BENCH_ONLY ?? '').split(',').map((s) => s.trim()).filter(Boolean);
const unknown = only.filter((s) => !SECTIONS.includes(s));
if (unknown.length) {
  console.error(`BENCH_ONLY: unknown section ${unknown.join(', ')} (sections: ${SECTIONS.join(', ')})`);
  process.exit(1);
}
const runs = (section) => !only.length || only.includes(section);
if (only.includes('expiry') && !pgUrl) {
  console.error('BENCH_ONLY=expiry needs BENCH_DATABASE_URL (a PostgreSQL database the bench may empty)');
  process.exit(1);
}
const targets = [...(embedded ? [{ name: 'PGlite' }] : []), ...(pgUrl ? [{ name: 'PostgreSQL', databaseUrl: pgUrl }] : [])];
/** Product pages rendered one at a time for the CPU figure, and category pages (the rest go to the rate). */
const CPU_RENDERS = { product: 150, category: 60 };
/** Pages of each kind rendered before measuring, not counted. */
const WARM_RENDERS = 10;

// Interrupted (Ctrl-C, a time limit): exit through 'exit', whose handlers stop the servers.
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => process.exit(130));
const step = (name, text) => console.log(`[bench] ${name}: ${text}`);
const started = performance.now();
ensureBuild({ whole: true });

let js = null;
const results = [];
for (const [i, target] of runs('pages') ? targets.entries() : []) {
  if (target.databaseUrl) await emptyPostgres(target.databaseUrl);
  const server = await startShopProcess({ port: firstPort + i, databaseUrl: target.databaseUrl });
  const { base, pid } = server;
  try {
    step(target.name, `started in ${(server.startMs / 1000).toFixed(1)} s (pid ${pid})`);
    const pictures = await picturesAtStart(base);
    step(target.name, `pictures at start: ${pictures.count}, slowest ${pictures.maxMs?.toFixed(1)} ms`);
    // The first start makes every picture the pages name in the background (PICTURE_WARMUP): the
    // figures below are of a process that has finished it, as a shop is after its first minutes.
    const settled = await waitUntilQuiet(pid);
    pictures.readyS = (server.startMs + settled.ms) / 1000;
    step(target.name, settled.quiet ? `quiet (pictures made) ${pictures.readyS.toFixed(0)} s after spawn` : 'still busy after 15 minutes: measuring anyway');
    const html = {
      home: await htmlSize(base, '/'),
      product: await htmlSize(base, '/product/P0001'),
      category: await htmlSize(base, '/category/PORK-CUTS'),
      search: await htmlSize(base, '/search-products?keyword=pork'),
    };
    const catalogue = await catalogueOf(base);
    // Pages not yet requested: everything but the product and category just sized.
    const { productUrls, categoryUrls } = uncachedUrls(catalogue);
    const fresh = (urls) => urls.filter((u) => u !== '/product/P0001' && u !== '/category/PORK-CUTS');
    const products = fresh(productUrls);
    const categories = fresh(categoryUrls);
    // A few renders first, so that the figures are of a warmed-up process (code compiled, pools open).
    const warm = WARM_RENDERS;
    for (const url of [...products.slice(0, warm), ...categories.slice(0, warm)]) await fetch(base + url).then((r) => r.arrayBuffer());
    const render = {
      product: await renderCost({ base, pid, cpuUrls: products.slice(warm, warm + CPU_RENDERS.product), rateUrls: products.slice(warm + CPU_RENDERS.product) }),
      category: await renderCost({ base, pid, cpuUrls: categories.slice(warm, warm + CPU_RENDERS.category), rateUrls: categories.slice(warm + CPU_RENDERS.category) }),
    };
    step(target.name, `render: product ${render.product.cpuMsPerRender.toFixed(1)} ms CPU, ${Math.round(render.product.rps)}/s; category ${render.category.cpuMsPerRender.toFixed(1)} ms CPU, ${Math.round(render.category.rps)}/s; host steal ${render.product.stealPct.toFixed(1)} / ${render.category.stealPct.toFixed(1)} %`);
    if (render.product.failed + render.category.failed > 0) throw new Error(`${render.product.failed + render.category.failed} renders did not answer 200`);
    if (render.product.cached + render.category.cached > 0) throw new Error(`${render.product.cached + render.category.cached} renders came from the page cache: the render figures would be of the cache`);
    const cached = { productUrl: '/product/P0001', ...(await cachedVsStatic(base, '/product/P0001')) };
    step(target.name, `cached product ${Math.round(cached.page.rps)}/s vs static ${Math.round(cached.file.rps)}/s: ratio ${cached.ratio.toFixed(2)}; against a bare node:http server: page ${cached.pageVsBare.toFixed(2)}, static ${cached.fileVsBare.toFixed(2)}`);
    let lighthouse = [];
    if (!js || withLighthouse) {
      const measured = await measureJs(base);
      if (!js) js = { rows: measured.rows, on: target.name };
      if (withLighthouse) {
        await warmForPhone(base);
        lighthouse = await lighthouseRuns(base, measured.executablePath, 3);
        step(target.name, `lighthouse: ${lighthouse.map((p) => `${p.name} ${p.runs.map((r) => r.score).join('/')}`).join(', ')}`);
      }
    }
    const afterSteps = await runLoadMix({ base, pid, requests: 10_000, concurrency: 16 });
    step(target.name, `memory after the steps above and ${afterSteps.requests} mixed requests: ${Math.round(afterSteps.rssAfterMB)} MB`);
    await server.stop();
    // The goal is of a shop serving 10,000 mixed requests: a new process (on PGlite a new database,
    // on PostgreSQL the same one) once its start-up work is done, without the bench's renders and floods.
    const again = await startShopProcess({ port: firstPort + i, databaseUrl: target.databaseUrl });
    try {
      await waitUntilQuiet(again.pid);
      const memory = { ...(await runLoadMix({ base: again.base, pid: again.pid, requests: 10_000, concurrency: 16 })), afterStepsMB: afterSteps.rssAfterMB };
      step(target.name, `memory of a new process after ${memory.requests} mixed requests: ${Math.round(memory.rssAfterMB)} MB (peak ${Math.round(memory.rssPeakMB)} MB)`);
      results.push({ name: target.name, startMs: server.startMs, pictures, html, render, cached, lighthouse, memory });
    } finally {
      await again.stop();
    }
  } finally {
    await server.stop();
  }
}

let expiry = null;
if (runs('expiry') && pgUrl) {
  // Ports after the pages' servers; the database emptied again, so the orders are the only ones.
  const port = firstPort + (runs('pages') ? targets.length : 0);
  expiry = await benchExpiry({ url: pgUrl, ports: [port, port + 1], step: (text) => step('expiry', text) });
} else if (runs('expiry')) step('expiry', 'not run: it needs PostgreSQL (BENCH_DATABASE_URL)');

let imports = null;
if (runs('import')) {
  // Ports after the other sections' servers; each database fresh again.
  const first = firstPort + (runs('pages') ? targets.length : 0) + (runs('expiry') && pgUrl ? 2 : 0);
  imports = [];
  for (const [i, target] of targets.entries()) {
    if (target.databaseUrl) await emptyPostgres(target.databaseUrl);
    imports.push(await benchImport({ port: first + i, databaseUrl: target.databaseUrl, name: target.name, step: (text) => step('import', text) }));
  }
}

let pictures = null;
if (runs('pictures')) {
  // Ports after the other sections' servers; a fresh embedded database.
  const port = firstPort + (runs('pages') ? targets.length : 0) + (runs('expiry') && pgUrl ? 2 : 0) + (runs('import') ? targets.length : 0);
  pictures = await benchPictures({ port, step: (text) => step('pictures', text) });
}

let edge = null;
if (runs('edge')) {
  // Two ports after the other sections' servers: the Node shop, then the worker.
  const port = firstPort + (runs('pages') ? targets.length : 0) + (runs('expiry') && pgUrl ? 2 : 0) + (runs('import') ? targets.length : 0) + (runs('pictures') ? 1 : 0);
  if (!fs.existsSync('dist-edge/server/wrangler.json')) {
    step('edge', 'no edge build: npm run build:edge');
    if (spawnSync(process.execPath, ['scripts/build-edge.mjs'], { stdio: 'inherit' }).status !== 0) process.exit(1);
  }
  edge = await benchEdge({ port, step: (text) => step('edge', text) });
}

let startup = null;
if (runs('startup')) {
  // Builds in this checkout and starts fresh clones on free ports of their own; last, as its builds
  // replace the build the sections above measured with an equal one.
  startup = await benchStartup({ step: (text) => step('startup', text) });
}

const previous = fs.existsSync('docs/performance.md') ? fs.readFileSync('docs/performance.md', 'utf8') : '';
// A section not measured in this run keeps what the last run wrote.
let report = runs('pages') ? performanceReport({ targets: results, js, seconds: (performance.now() - started) / 1000, lighthouse: withLighthouse }) : previous;
report = withSection(report, expiry ? expirySection(expiry) : null, previous, EXPIRY_HEADING);
report = withSection(report, imports ? importSection(imports) : null, previous, IMPORT_HEADING);
report = withSection(report, pictures ? picturesSection(pictures) : null, previous, PICTURES_HEADING);
report = withSection(report, edge ? edgeSection(edge) : null, previous, EDGE_HEADING);
report = withSection(report, startup ? startupSection(startup, STARTUP_GOALS, STARTUP_BENCH) : null, previous, STARTUP_HEADING);
fs.writeFileSync('docs/performance.md', report);
console.log(`\n${report}`);
process.exit(expiry?.problems.length ? 1 : 0);
