/**
 * docs/performance.md from the figures of one `npm run bench` run (scripts/bench.mjs): one table per
 * goal group, one column per database, each cell the figure and whether the goal is met.
 * Goals: docs/architecture.md "Budgets" and issue "Fast at the origin, not only behind a CDN".
 */
import os from 'node:os';
import { kb } from './js-weight.mjs';
import { EXPIRY_GOAL_S } from './bench-expiry.mjs';

/** The goals, in the units of the figures (ms, KB = 1024 bytes, MB, req/s, ratio). */
export const GOALS = {
  cachedRatio: 0.5,
  /** The shop's cached page and static file against a bare node:http server with the same bytes (issue "One path from page to database" item 4). */
  bareRatio: 0.7,
  renderCpuMs: 5,
  renderRps: 300,
  homeKb: 100,
  productKb: 60,
  lighthouseScore: 0.98,
  cls: 0.02,
  tbtMs: 100,
  /** No long task of our scripts over this (ms, at Lighthouse's 4× slower CPU; issue "One path from page to database" item 5). */
  ourLongTaskMs: 50,
  rssMb: 400,
  pictureTtfbMs: 200,
};

const f1 = (n) => (Number.isFinite(n) ? n.toFixed(1) : '–');
/** '5.8–7.0 ms': the fastest and slowest of the rounds' CPU per render. */
const roundsRange = (rounds) => (rounds?.length ? `${f1(Math.min(...rounds))}–${f1(Math.max(...rounds))} ms` : 'one round');
const f2 = (n) => (Number.isFinite(n) ? n.toFixed(2) : '–');
const met = (ok) => (ok ? 'met' : '**not met**');
/** A cell: the figure, and whether it meets the goal (no verdict when `ok` is null). */
const cell = (text, ok) => (ok === null ? text : `${text} (${met(ok)})`);

/**
 * @param {{ targets: object[], js: { rows: object[] } | null, seconds: number, lighthouse: boolean }} run
 *   targets: per database, the figures gathered by scripts/bench.mjs
 * @returns {string} the Markdown of docs/performance.md
 */
export function performanceReport({ targets, js, seconds, lighthouse }) {
  const names = targets.map((t) => t.name);
  const head = ['| Goal | Budget | ' + names.join(' | ') + ' |', '| --- | --- | ' + names.map(() => '---').join(' | ') + ' |'];
  const row = (goal, budget, fn) => `| ${goal} | ${budget} | ${targets.map(fn).join(' | ')} |`;
  const lines = [
    '# Performance',
    '',
    `Measured by one \`npm run bench\` run on ${new Date().toISOString().slice(0, 10)}: ${os.cpus().length} cores (${os.cpus()[0]?.model ?? 'unknown CPU'}), Node ${process.versions.node}, ${Math.round(os.totalmem() / 2 ** 30)} GB; ${names.join(' and ')}, each a fresh database seeded with the demo data; the shop as in production (NODE_ENV=production: React's production build, answers not re-checked against the contract; scripts/lib/shop-process.mjs); ${Math.round(seconds / 60)} min in all. A figure that depends on the machine is given with a ratio of the same run where the goal is one (cached page against a static file).`,
    '',
    '## Cached pages (goal: a cached product page serves ≥ 0.5 × the requests per second of a static file)',
    '',
    ...head,
    row('Cached product page ÷ static file (req/s)', `≥ ${GOALS.cachedRatio}`, (t) => cell(f2(t.cached.ratio), t.cached.ratio >= GOALS.cachedRatio)),
    row('Cached product page ÷ bare node:http, same bytes (req/s)', `≥ ${GOALS.bareRatio}`, (t) => (t.cached.bare ? cell(f2(t.cached.pageVsBare), t.cached.pageVsBare >= GOALS.bareRatio) : '–')),
    row('Static file ÷ bare node:http, same bytes (req/s)', `≥ ${GOALS.bareRatio}`, (t) => (t.cached.bare ? cell(f2(t.cached.fileVsBare), t.cached.fileVsBare >= GOALS.bareRatio) : '–')),
    row('Header bytes of a cached page / a static file', '', (t) => (t.cached.headerBytes ? `${t.cached.headerBytes.page} / ${t.cached.headerBytes.file}` : '–')),
    row('Cached product page: req/s, p50 / p97.5 latency', '', (t) => `${Math.round(t.cached.page.rps)} req/s, ${t.cached.page.p50Ms} / ${t.cached.page.p975Ms} ms`),
    row('Static file: req/s, p50 / p97.5 latency', '', (t) => `${Math.round(t.cached.file.rps)} req/s, ${t.cached.file.p50Ms} / ${t.cached.file.p975Ms} ms`),
    row('Answers not 2xx, errors', '0', (t) => cell(`${t.cached.page.non2xx + t.cached.file.non2xx}, ${t.cached.page.errors + t.cached.file.errors}`, t.cached.page.non2xx + t.cached.file.non2xx + t.cached.page.errors + t.cached.file.errors === 0)),
    '',
    `autocannon, 32 connections, \`Accept-Encoding: gzip\`, against the same server: \`${targets[0]?.cached.productUrl}\` after a first render (in the route cache) and the page's stylesheet \`${targets[0]?.cached.staticUrl}\` (a static file through the same compression); then the same two answers from a bare node:http server holding their bytes (scripts/lib/bare-server.mjs). The four take turns, 3 rounds of 5 s each, so that a slow spell of the machine falls on all of them: each ratio is the median of the rounds' ratios, each req/s figure its median round.`,
    '',
    '## Render cost (route cache bypassed)',
    '',
    ...head,
    ...['product', 'category'].flatMap((kind) => [
      row(`Full ${kind} render: CPU per render (median round; fastest and slowest)`, `≤ ${GOALS.renderCpuMs} ms`, (t) => cell(`${f1(t.render[kind].cpuMsPerRender)} ms (${roundsRange(t.render[kind].roundsMs)})`, t.render[kind].cpuMsPerRender <= GOALS.renderCpuMs)),
      row(`Full ${kind} renders per second (8 at a time)`, `≥ ${GOALS.renderRps}`, (t) => cell(`${Math.round(t.render[kind].rps)} (p50 ${f1(t.render[kind].p50Ms)} ms)`, t.render[kind].rps >= GOALS.renderRps)),
    ]),
    row('CPU time the host took from this machine meanwhile (steal)', '', (t) => `${f1(t.render.product.stealPct ?? 0)} % / ${f1(t.render.category.stealPct ?? 0)} %`),
    '',
    'Each render is a page nobody had asked for yet (a product page in Chinese or Arabic, a category in another language or sort order; the picture warm-up of the first start has asked for the English pages), and each answer was checked to be a page-cache miss (`X-Cache: MISS`): ' +
      `${targets[0]?.render.product.renders} product and ${targets[0]?.render.category.renders} category pages one at a time in 5 rounds, reading the server process's CPU time (user + system, \`/proc/<pid>/stat\`) before and after each round, the figure being the median round; then ${targets[0]?.render.product.rateRenders} and ${targets[0]?.render.category.rateRenders} others 8 at a time for the rate. ` +
      'On PostgreSQL the database\'s own CPU is in its processes, not counted here. The machine is a virtual one on a shared host: the steal row is the share of its CPU time the host gave to others while the product and the category pages were measured (`/proc/stat`); where it is high, every figure of the run is slower, and the side-by-side comparisons in the ADRs are the ones to read for a change.',
    '',
    '## HTML size',
    '',
    ...head,
    ...[
      ['home', 'Home `/`', GOALS.homeKb],
      ['product', 'Product `/product/P0001`', GOALS.productKb],
      ['category', 'Category `/category/PORK-CUTS`', null],
      ['search', 'Search `/search-products?keyword=pork`', null],
    ].map(([key, label, goal]) =>
      row(`${label}: KB as rendered (gzip / brotli as sent)`, goal ? `≤ ${goal} KB` : '', (t) => cell(`${kb(t.html[key].raw)} (${kb(t.html[key].gzip)} / ${kb(t.html[key].br)})`, goal ? t.html[key].raw <= goal * 1024 : null)),
    ),
    '',
    '## Memory',
    '',
    ...head,
    row('RSS after 10,000 mixed requests', `≤ ${GOALS.rssMb} MB (embedded database)`, (t) => cell(`${Math.round(t.memory.rssAfterMB)} MB`, t.name === 'PGlite' ? t.memory.rssAfterMB <= GOALS.rssMb : null)),
    row('RSS before the load / peak during it', '', (t) => `${Math.round(t.memory.rssBeforeMB)} / ${Math.round(t.memory.rssPeakMB)} MB`),
    row('Requests, seconds, errors', '', (t) => `${t.memory.requests}, ${f1(t.memory.seconds)} s, ${t.memory.errors}`),
    row("RSS after the same load on the process that ran this bench's other steps", '', (t) => `${Math.round(t.memory.afterStepsMB)} MB`),
    '',
    `The mixed load: scripts/lib/load-mix.mjs (catalogue pages 30 %, product pages 25 %, pictures and assets 20 %, search 10 %, API 10 %, a member's journey 5 %), 16 at a time, on a new server process (a new embedded database; the same PostgreSQL database) once its start-up work is done; the last row is the same load on the process that had served the steps above first (some 400 page renders, 20 s of floods and Lighthouse: a fuller page cache and V8 heap). RSS of the server process (\`/proc/<pid>/status\`); the goal holds for the embedded database, whose PostgreSQL runs inside the process; on PostgreSQL the figure is shown for comparison.`,
    '',
    '## Pictures ready at start',
    '',
    ...head,
    row("Home page's pictures on a cold server: slowest first byte", `≤ ${GOALS.pictureTtfbMs} ms`, (t) => cell(`${f1(t.pictures.maxMs)} ms (p50 ${f1(t.pictures.p50Ms)} ms, ${t.pictures.count} pictures${t.pictures.failed ? `, ${t.pictures.failed} failed` : ''})`, t.pictures.maxMs <= GOALS.pictureTtfbMs && t.pictures.failed === 0)),
    row('Server start to the first page', '', (t) => `${f1(t.startMs / 1000)} s`),
    row("Server start to a quiet process (every picture of the English pages made)", '', (t) => `${f1(t.pictures.readyS)} s`),
    '',
    "Right after the server answers its first page, every picture the home page's HTML names (each `src` and `srcset` candidate of its `img` and `source` elements) is fetched, six at a time as a browser does per host. Then the bench waits until the server uses under 30 ms of CPU a second for 3 seconds (the background warm-up done) before it measures anything else.",
    '',
  ];
  if (lighthouse) {
    lines.push(
      `## Lighthouse, mobile (goal: performance ≥ ${GOALS.lighthouseScore} on three runs in a row, CLS ≤ ${GOALS.cls}, TBT ≤ ${GOALS.tbtMs} ms, no long task of our scripts over ${GOALS.ourLongTaskMs} ms)`,
      '',
      ...head,
      ...targets[0].lighthouse.map((page, i) =>
        row(`${page.name} \`${page.url}\`: scores of 3 runs; worst CLS, TBT; LCP; our scripts' longest task`, `each ≥ ${GOALS.lighthouseScore}`, (t) => {
          const runs = t.lighthouse[i].runs;
          const worst = { cls: Math.max(...runs.map((r) => r.cls)), tbt: Math.max(...runs.map((r) => r.tbtMs)), lcp: Math.max(...runs.map((r) => r.lcpMs)), ours: Math.max(...runs.map((r) => r.ourLongTaskMs ?? 0)) };
          const ok = runs.every((r) => r.score >= GOALS.lighthouseScore) && worst.cls <= GOALS.cls && worst.tbt <= GOALS.tbtMs && worst.ours <= GOALS.ourLongTaskMs;
          const ours = worst.ours > 0 ? `${Math.round(worst.ours)} ms` : 'none over 50 ms';
          return cell(`${runs.map((r) => f2(r.score)).join(', ')}; CLS ${worst.cls.toFixed(3)}, TBT ${Math.round(worst.tbt)} ms; LCP ${f1(worst.lcp / 1000)} s; ours ${ours}`, ok);
        }),
      ),
      '',
      "Local Chromium, Lighthouse mobile preset (emulated phone, simulated slow 4G, 4× CPU slowdown), a fresh browser per run, against the server on this machine with the pages and pictures warm (as behind a CDN). \"Our scripts' longest task\": the longest of Lighthouse's long tasks (over 50 ms) that it lays to one of the shop's script files (`/_astro/…`), in any of the 3 runs; the browser's own work on the page's HTML and CSS is laid to the page and not counted (ADR 51).",
      '',
    );
  } else lines.push('## Lighthouse, mobile', '', 'Not run (LIGHTHOUSE=false).', '');
  if (js) {
    lines.push(
      '## JavaScript before interaction (gzip)',
      '',
      '| Page | JS (KB gzip) | Budget (KB) | Met |',
      '| --- | ---: | ---: | --- |',
      ...js.rows.map((r) => `| ${r.name} (\`${r.url}\`) | ${kb(r.bytes)} | ${kb(r.budget)} | ${r.bytes <= r.budget ? 'yes' : '**no**'} |`),
      '',
      `Budgets of docs/architecture.md: home, category, product and search ≤ 15 KB; content pages ≤ 10 KB; cart, checkout and account pages ≤ 150 KB. Every script response while the page loads without the browser cache (islands hydrated at load included) plus inline scripts (not JSON-LD), each gzipped at level 9 (scripts/lib/js-weight.mjs); the same build on either database, measured on ${js.on}. \`npm run budgets\` checks the same figures in CI and fails above a budget.`,
      '',
    );
  }
  return lines.join('\n');
}

/** The heading of the expiry section (issue "Safe to run in production" §7). */
export const EXPIRY_HEADING = '## Expiry of unpaid orders';

/**
 * The expiry section of docs/performance.md from scripts/lib/bench-expiry.mjs's figures.
 * @param {{ orders: number, instances: number, seconds: number, dueAtStart: number, perInstance: number[], byJob: number, problems: string[], placeSeconds: number, vouchers: number, stores: number, products: number, members: number }} e
 * @returns {string} Markdown, ending with a blank line
 */
export function expirySection(e) {
  const ok = e.problems.length === 0;
  return [
    `${EXPIRY_HEADING} (goal: two instances cancel ${e.orders.toLocaleString('en')} expired orders in ≤ ${EXPIRY_GOAL_S} s on PostgreSQL)`,
    '',
    '| Goal | Budget | PostgreSQL |',
    '| --- | --- | --- |',
    `| ${e.orders.toLocaleString('en')} unpaid orders past their window, expired by ${e.instances} shop processes at once: time until none is due | ≤ ${EXPIRY_GOAL_S} s | ${cell(`${f1(e.seconds)} s (${Math.round(e.orders / e.seconds)} orders/s)`, e.seconds <= EXPIRY_GOAL_S)} |`,
    `| Orders cancelled by each process's call (+ by their every-minute job meanwhile) | | ${e.perInstance.map((n) => n.toLocaleString('en')).join(' + ')}${e.byJob ? ` (+ ${e.byJob.toLocaleString('en')})` : ''} |`,
    `| Each order cancelled once (one \`system\` cancel event, in one answer only); stock, places and vouchers back exactly; one notice per order | all | ${cell(ok ? 'yes' : e.problems.join('; '), ok)} |`,
    `| Writing the orders first (SQL, as placing writes them) | | ${f1(e.placeSeconds)} s |`,
    '',
    `Measured on ${new Date().toISOString().slice(0, 10)} (${os.cpus().length} cores, load average ${os.loadavg()[0].toFixed(1)} at the end, Node ${process.versions.node}; \`BENCH_ONLY=expiry\` runs this section alone) by scripts/lib/bench-expiry.mjs: a PostgreSQL database emptied, then migrated and seeded by the first of two shop processes (\`scripts/serve.mjs\` of the build, each with its own connection pool, as two instances behind a proxy); ${e.orders.toLocaleString('en')} orders written as placing writes them (${e.stores} outlets, ${e.products} products, ${e.members} members; two lines each, one in four a delivery, one in five with a payment under way, ${e.vouchers.toLocaleString('en')} with a member voucher; their stock, slot or day places and vouchers taken) and dated twice the payment window ago; then both processes asked at once, through the ops operation \`expire_unpaid\` (what each instance's every-minute job runs), to expire the due orders: each takes batches of 500 with \`FOR UPDATE SKIP LOCKED\` until none it can claim is left. The time runs from the two calls until the database has no order due and both have answered; the checks compare the stock and places with what they were before the orders were written.`,
    '',
  ].join('\n');
}

/** The heading of the import section (issue "The chain's own catalogue" §3). */
export const IMPORT_HEADING = '## Import from the point-of-sale export';

/**
 * The import section of docs/performance.md from scripts/lib/bench-import.mjs's figures, one column
 * per database. No budget is set: the figures say how long an operator waits.
 * @param {{ name: string, files: { kind: string, rows: number, mb: number, dryMs: number, applyMs: number, againMs: number }[], startMb: number, rssMb: number, peakMb: number }[]} runs
 * @returns {string} Markdown, ending with a blank line
 */
export function importSection(runs) {
  const names = runs.map((r) => r.name);
  const s = (ms) => `${f1(ms / 1000)} s`;
  const rate = (rows, ms) => `${Math.round(rows / (ms / 1000)).toLocaleString('en')} rows/s`;
  const row = (label, fn) => `| ${label} | ${runs.map(fn).join(' | ')} |`;
  const lines = [`${IMPORT_HEADING} (10,000 products; 220,000 stock rows: 22 outlets × 10,000)`, '', `| Step | ${names.join(' | ')} |`, `| --- | ${names.map(() => '---').join(' | ')} |`];
  for (const [i, file] of runs[0].files.entries()) {
    const what = `${file.kind === 'products' ? 'Products and prices' : 'Stock per outlet'}: ${file.rows.toLocaleString('en')} rows, ${f1(file.mb)} MB`;
    lines.push(
      row(`${what}: dry run (checked, compared, nothing written)`, (r) => `${s(r.files[i].dryMs)} (${rate(r.files[i].rows, r.files[i].dryMs)})`),
      row(`${what}: applied, every row new`, (r) => `${s(r.files[i].applyMs)} (${rate(r.files[i].rows, r.files[i].applyMs)})`),
      row(`${what}: the same file again, every row unchanged`, (r) => s(r.files[i].againMs)),
    );
  }
  lines.push(
    row('Server RSS before the imports / after them / peak', (r) => `${Math.round(r.startMb)} / ${Math.round(r.rssMb)} / ${Math.round(r.peakMb)} MB`),
    '',
    `Measured on ${new Date().toISOString().slice(0, 10)} (${os.cpus().length} cores, load average ${os.loadavg()[0].toFixed(1)} at the end, Node ${process.versions.node}; \`BENCH_ONLY=import\` runs this section alone) by scripts/lib/bench-import.mjs: the built shop on a fresh database (no picture warm-up), an HQ member logged in, and each file sent as \`npm run ops -- import\` sends it (multipart to \`ops_import_products\` / \`ops_import_stock\`), three times: a dry run, applied, and applied again. Each time runs from sending the file to the whole answer (reading, checking every row with HQ's rules, comparing with the catalogue, and for an apply the one transaction with its batched writes, events and price history). On PostgreSQL the database's own CPU is in its processes, beside the shop's.`,
    '',
  );
  return lines.join('\n');
}

/**
 * `markdown` with the section under `heading` (default: the expiry section) set to `section` (in
 * place when it has one, else at the end); without `section`, the one of `previous` (the last run's
 * report) is kept, if any.
 * @param {string} markdown @param {string | null} section @param {string} previous @param {string} [heading]
 * @returns {string}
 */
export function withSection(markdown, section, previous, heading = EXPIRY_HEADING) {
  const split = (text) => {
    const start = text.indexOf(`\n${heading}`);
    if (start < 0) return null;
    const next = text.indexOf('\n## ', start + 1);
    return { before: text.slice(0, start + 1), section: text.slice(start + 1, next < 0 ? text.length : next + 1), after: next < 0 ? '' : text.slice(next + 1) };
  };
  const keep = section ?? split(previous)?.section ?? null;
  const parts = split(markdown);
  if (!keep) return parts ? parts.before + parts.after : markdown;
  if (parts) return parts.before + keep + parts.after;
  return `${markdown.trimEnd()}\n\n${keep}`;
}

export const PICTURES_HEADING = '## Product pictures added at run time';

/**
 * The picture-upload section of docs/performance.md from scripts/lib/bench-pictures.mjs's figures.
 * No budget is set: the figures say how long HQ waits per picture.
 * @param {{ files: { what: string, mb: number, ms: number[] }[], serveMs: number, startMb: number, rssMb: number, peakMb: number }} run
 * @returns {string} Markdown, ending with a blank line
 */
export function picturesSection(run) {
  const ms = (n) => `${Math.round(n).toLocaleString('en')} ms`;
  const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
  const lines = [PICTURES_HEADING, '', '| Picture added (PGlite) | File | Median | Each time |', '| --- | --- | --- | --- |'];
  for (const f of run.files) lines.push(`| ${f.what} | ${f1(f.mb)} MB | ${ms(median(f.ms))} | ${f.ms.map(ms).join(', ')} |`);
  lines.push(
    `| The 800 px picture served afterwards (first request) | | ${ms(run.serveMs)} | |`,
    `| Server RSS before the uploads / after them / peak | | ${Math.round(run.startMb)} / ${Math.round(run.rssMb)} / ${Math.round(run.peakMb)} MB | |`,
    '',
    `Measured on ${new Date().toISOString().slice(0, 10)} (${os.cpus().length} cores, load average ${os.loadavg()[0].toFixed(1)} at the end, Node ${process.versions.node}; \`BENCH_ONLY=pictures\` runs this section alone) by scripts/lib/bench-pictures.mjs: the built shop on a fresh embedded database, an HQ member logged in, each picture (noise: the worst case for the codecs) sent to \`ops_product_picture_add\` as \`npm run ops -- picture add\` sends it. Each time runs from sending the file to the whole answer: reading, decoding once, 14 WebP sizes and the PNG preview encoded (libvips on one thread, \`limitSharpThreads(1)\` in src/server/http/serve.ts, ADR 40), the files written to UPLOADS_DIR, the product row and its event, the pages dropped (ADR 28).`,
    '',
  );
  return lines.join('\n');
}


export const EDGE_HEADING = '## The storefront at the edge';

/**
 * The edge section of docs/performance.md from scripts/lib/bench-edge.mjs's figures: a product page
 * from the worker in workerd beside the Node shop, and the worker's size against the platform's
 * limits (3 MB gzip free, 10 MB paid).
 * @param {{ bundle: { modules: number, rawBytes: number, gzipBytes: number }, edge: Record<'uncached'|'cached', { requests: number, medianMs: number, p90Ms: number, cpuMs: number[] }>, node: Record<'uncached'|'cached', { requests: number, medianMs: number, p90Ms: number, cpuMs: number[] }> }} run
 * @returns {string} Markdown, ending with a blank line
 */
export function edgeSection({ bundle, edge, node }) {
  const mib = (n) => `${(n / 1048576).toFixed(2)} MB`;
  const row = (what, m, api) => `| ${what} | ${f1(m.medianMs)} ms | ${f1(m.p90Ms)} ms | ${f1(m.cpuMs[0])} ms | ${api ? `${f1(m.cpuMs[1])} ms` : '–'} | ${m.requests} |`;
  return [
    EDGE_HEADING,
    '',
    '| Product page, one request at a time | Time to first byte (median) | 90th percentile | CPU per request | The Node API\'s CPU per request | Requests |',
    '| --- | --- | --- | --- | --- | --- |',
    row('Worker in workerd, uncached (rendered; its API calls over HTTP)', edge.uncached, true),
    row('Node shop, uncached (page cache miss: rendered and compressed)', node.uncached, false),
    row('Worker in workerd, cached (`x-edge-cache: HIT`, the local stand-in)', edge.cached, true),
    row('Node shop, cached (page cache `x-cache: HIT`)', node.cached, false),
    '',
    `| The worker's modules | ${bundle.modules} | ${mib(bundle.rawBytes)} | ${mib(bundle.gzipBytes)} gzip | limit 3 MB gzip (free plan), 10 MB (paid): ${bundle.gzipBytes < 3 * 1048576 ? 'met' : 'not met'} |`,
    '| --- | --- | --- | --- | --- |',
    '',
    `Measured on ${new Date().toISOString().slice(0, 10)} (${os.cpus().length} cores, load average ${os.loadavg()[0].toFixed(1)} at the end, Node ${process.versions.node}; \`BENCH_ONLY=edge\` runs this section alone, after \`npm run build\` and \`npm run build:edge\`) by scripts/lib/bench-edge.mjs: a Node shop on a fresh embedded database, and the worker in workerd (\`npm run start:edge\`) as a storefront apart from it on the same machine, each page asked once at a time over loopback. CPU is each process's user and system time over the run divided by its requests; an uncached page at the worker also costs the Node shop its API calls (the fifth column). A cached page at the worker is served by the local stand-in for Workers Cache (src/edge/local-cache.ts) inside the worker; on the platform, Workers Cache answers before the worker runs (no worker CPU), and a point of presence is a network hop from the API: neither can be measured here (README "At the edge").`,
    '',
  ].join('\n');
}

export const STARTUP_HEADING = '## Start-up and build';

/**
 * The start-up section of docs/performance.md from scripts/lib/bench-startup.mjs's figures: the build
 * with its caches filled, a fresh clone's `npm start` to its first page, and the server's RSS then
 * (issue 22 item 5: each ≤ its goal in STARTUP_GOALS). Medians of the runs, each run listed.
 * @param {{ builds: Record<string, number>[], starts: { firstPageS: number, serverS: number, rssAtFirstMb: number, rssLaterMb: number, load: number }[], restart: { firstPageS: number, rssAtFirstMb: number, rssLaterMb: number } | null, load: number[] }} run
 * @param {{ buildS: number, firstPageS: number, rssMb: number }} goals
 * @param {{ runs: number, settleMs: number }} bench
 * @returns {string} Markdown, ending with a blank line
 */
export function startupSection({ builds, starts, restart, load }, goals, bench) {
  const median = (xs) => {
    const s = [...xs].sort((a, b) => a - b);
    return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
  };
  const s1 = (n) => `${f1(n)} s`;
  const mb = (n) => `${Math.round(n)} MB`;
  const row = (goal, budget, values, fmt, limit) => `| ${goal} | ${budget} | ${cell(fmt(median(values)), limit === null ? null : median(values) <= limit)} | ${values.map(fmt).join(', ')} |`;
  const later = `${bench.settleMs / 1000} s later`;
  return [
    STARTUP_HEADING,
    '',
    '| Goal | Budget | Median | Each run |',
    '| --- | --- | --- | --- |',
    row('`npm run build` with the caches filled', `≤ ${goals.buildS} s`, builds.map((b) => b.total), s1, goals.buildS),
    row('… of which `astro build`', '', builds.map((b) => b['astro build']), s1, null),
    row('… of which the database template', '', builds.map((b) => b['database template']), s1, null),
    row('… of which the pictures (none to make)', '', builds.map((b) => b.pictures), s1, null),
    row('… load average (1 min) after each build', '', builds.map((b) => b.load), f1, null),
    row('Fresh clone: `npm start` to the first page (200)', `≤ ${goals.firstPageS} s`, starts.map((s) => s.firstPageS), s1, goals.firstPageS),
    row('… of which the build (until the server process starts)', '', starts.map((s) => s.serverS), s1, null),
    row('… of which the server\'s start to its first page (new database)', '', starts.map((s) => s.firstPageS - s.serverS), s1, null),
    row('Server RSS when it answers its first page', `≤ ${goals.rssMb} MB`, starts.map((s) => s.rssAtFirstMb), mb, goals.rssMb),
    row(`Server RSS ${later}`, `≤ ${goals.rssMb} MB`, starts.map((s) => s.rssLaterMb), mb, goals.rssMb),
    row('… load average (1 min) after each clone', '', starts.map((s) => s.load), f1, null),
    ...(restart
      ? [
          `| The same clone started again: first page | | ${s1(restart.firstPageS)} | |`,
          `| … RSS at its first page / ${later} | | ${mb(restart.rssAtFirstMb)} / ${mb(restart.rssLaterMb)} | |`,
        ]
      : []),
    '',
    `Measured on ${new Date().toISOString().slice(0, 10)} (${os.cpus().length} cores, load average ${load[0].toFixed(1)} at the start and ${load[1].toFixed(1)} at the end, Node ${process.versions.node}; \`BENCH_ONLY=startup\` runs this section alone) by scripts/lib/bench-startup.mjs. ` +
      `The build: the three commands of \`npm run build\` (\`astro build\`, scripts/make-db-template.mjs, scripts/make-pictures.mjs) run one after another in the checkout, ${bench.runs} times, after one untimed build when its caches (pictures, their record, the database template in node_modules/.cache/xs-storefront) did not hold everything; the pictures step starts no shop when the pages name the same pictures as last time (ADR 38). ` +
      `The fresh clone: \`git clone\` of the checkout's HEAD into a temporary folder, node_modules a hard-linked copy (\`cp -al\`) of the checkout's without its caches (\`.cache\`, \`.vite\`, \`.astro\`, as \`npm ci\` leaves it), then \`npm start\` on a free PORT, timed from the spawn until \`/\` answered 200 (polled every 100 ms); ${bench.runs} clones, each new. That includes \`astro build\`, a new database template (nothing cached) and the new embedded database; no picture is made before serving (ADR 38: the server makes them in the background, yielding to requests). ` +
      `RSS is VmRSS of the process running scripts/serve.mjs, read when the first page answered and ${later} (while the background warm-up makes pictures).`,
    '',
  ].join('\n');
}
