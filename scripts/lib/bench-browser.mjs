/**
 * The browser measurements of `npm run bench` (scripts/bench.mjs), in headless Chromium:
 * JavaScript shipped before interaction per page (scripts/lib/js-weight.mjs, the measurement
 * `npm run budgets` gates CI with), and Lighthouse's mobile performance score, three runs in a row
 * per catalogue page, with CLS and TBT (docs/architecture.md "Budgets").
 */
import { BUDGET_ROUTES, BUDGETS, addToDemoCart, jsBytes, launchChromium, logInDemoMember, warmUp } from './js-weight.mjs';

/** The catalogue pages Lighthouse scores (the budget's four). */
export const LIGHTHOUSE_PAGES = BUDGET_ROUTES.filter((r) => r.kind === 'catalogue');

/**
 * JavaScript before interaction (gzip bytes) of every page of BUDGET_ROUTES, guest pages first,
 * then the member pages logged in as the demo member with P0001 in the cart; then the catalogue
 * pages are visited at phone size so the server holds them and their pictures (as a CDN would)
 * before Lighthouse.
 * @returns {Promise<{ rows: { name: string, url: string, kind: string, bytes: number, budget: number }[], executablePath: string }>}
 */
export async function measureJs(base) {
  const { browser, executablePath } = await launchChromium();
  const rows = [];
  try {
    const warm = await browser.newContext();
    await warmUp(await warm.newPage(), BUDGET_ROUTES.filter((r) => !r.member).map((r) => base + r.url));
    await warm.close();
    const guest = await (await browser.newContext()).newPage();
    for (const r of BUDGET_ROUTES.filter((x) => !x.member)) rows.push({ ...r, bytes: (await jsBytes(guest, base + r.url)).bytes, budget: BUDGETS[r.kind] });
    const member = await (await browser.newContext()).newPage();
    await logInDemoMember(member, base);
    await addToDemoCart(base, 'P0001');
    for (const r of BUDGET_ROUTES.filter((x) => x.member)) rows.push({ ...r, bytes: (await jsBytes(member, base + r.url)).bytes, budget: BUDGETS[r.kind] });
  } finally {
    await browser.close();
  }
  return { rows, executablePath };
}

/** Visits the Lighthouse pages at the phone size Lighthouse emulates, so pages and pictures are warm. */
export async function warmForPhone(base) {
  const { browser } = await launchChromium();
  try {
    const phone = await browser.newContext({ viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true });
    await warmUp(await phone.newPage(), LIGHTHOUSE_PAGES.map((r) => base + r.url));
  } finally {
    await browser.close();
  }
}

/** The longest long task Lighthouse lays to one of the shop's script files (ms), 0 when none. */
function ourLongestTask(lhr) {
  const items = lhr.audits['long-tasks']?.details?.items ?? [];
  return Math.max(0, ...items.filter((t) => typeof t.url === 'string' && new URL(t.url, 'http://x').pathname.startsWith('/_astro/')).map((t) => t.duration ?? 0));
}

/**
 * Lighthouse (mobile preset: emulated phone, simulated slow 4G, 4x CPU slowdown), performance only,
 * `runs` times in a row per page, each in a fresh Chromium.
 * @returns {Promise<{ name: string, url: string, runs: { score: number, cls: number, tbtMs: number, lcpMs: number, ourLongTaskMs: number }[] }[]>}
 *   score 0–1; cls unitless; tbtMs and lcpMs in ms; ourLongTaskMs: the longest of Lighthouse's long
 *   tasks (over 50 ms, at its 4× slower CPU) that it lays to one of the shop's script files
 *   (`/_astro/…`), 0 when none (the page's own parsing, styling and layout are laid to the page)
 */
export async function lighthouseRuns(base, executablePath, runs = 3) {
  const { default: lighthouse } = await import('lighthouse');
  const chromeLauncher = await import('chrome-launcher');
  const out = [];
  for (const page of LIGHTHOUSE_PAGES) {
    const results = [];
    for (let i = 0; i < runs; i++) {
      const chrome = await chromeLauncher.launch({ chromePath: executablePath, chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking'] });
      try {
        const { lhr } = await lighthouse(base + page.url, { port: chrome.port, output: 'json', onlyCategories: ['performance'], logLevel: 'error' });
        results.push({
          score: lhr.categories.performance.score ?? 0,
          cls: lhr.audits['cumulative-layout-shift'].numericValue ?? NaN,
          tbtMs: lhr.audits['total-blocking-time'].numericValue ?? NaN,
          lcpMs: lhr.audits['largest-contentful-paint'].numericValue ?? NaN,
          ourLongTaskMs: ourLongestTask(lhr),
        });
      } finally {
        await chrome.kill();
      }
    }
    out.push({ name: page.name, url: page.url, runs: results });
  }
  return out;
}
