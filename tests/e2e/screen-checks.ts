/**
 * What a page must hold on every screen (coverage.md §9 breakpoints; WCAG 2.2 SC 2.5.8), measured in the
 * browser on the current page, scrolled to its end:
 * - nothing overflows sideways (documentElement.scrollWidth ≤ innerWidth);
 * - every visible target (link, button, field, select, a tick box's label) is at least 24 × 24 CSS px,
 *   or keeps the spacing exception (a 24 px circle on its centre touches no other target), or is a
 *   link inside a sentence (the inline exception);
 * - no floating button (WhatsApp, back to top) covers a price, a link or a button.
 * Used by small-screens.spec.ts (the member's pages) and every-route.spec.ts (the public routes).
 */
import type { Page, Request } from '@playwright/test';

/** What one page breaks: overflow in px (0 when none), undersized targets, covered content. */
export interface Findings { overflow: number; small: string[]; covered: string[] }

/** Measures the current page (see the module comment); runs in the browser. */
export async function measure(page: Page): Promise<Findings> {
  // At the end of the page; a list that loads its next page there grows, so scroll again until the
  // page keeps its height with no fetch of the page's own in flight (pictures and media aside).
  let inFlight = 0;
  const ours = (r: Request) => ['fetch', 'xhr', 'document'].includes(r.resourceType());
  const started = (r: Request) => { if (ours(r)) inFlight++; };
  const ended = (r: Request) => { if (ours(r)) inFlight--; };
  page.on('request', started);
  page.on('requestfinished', ended);
  page.on('requestfailed', ended);
  try {
    // Settled: the same height on three looks in a row (200 ms) with no request in flight, since a
    // list's next page is drawn a little after its answer arrives.
    let height = -1;
    let same = 0;
    for (let i = 0; i < 40; i++) {
      const now = await page.evaluate(() => {
        window.scrollTo(0, document.documentElement.scrollHeight);
        return document.documentElement.scrollHeight;
      });
      same = now === height && inFlight <= 0 ? same + 1 : 0;
      if (same >= 2) break;
      height = now;
      await page.waitForTimeout(100);
    }
  } finally {
    page.off('request', started);
    page.off('requestfinished', ended);
    page.off('requestfailed', ended);
  }
  // The floating buttons look again in the next frame and fade out in a transition: two frames,
  // then until their transitions end.
  await page.evaluate(async () => {
    await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
    const floating = [...document.querySelectorAll('[data-floating]')];
    await Promise.all(floating.flatMap((el) => el.getAnimations()).map((a) => a.finished.catch(() => undefined)));
  });
  return page.evaluate(() => {
    const MIN = 24;
    const visible = (el: Element) => {
      const r = el.getBoundingClientRect();
      return r.width > 1 && r.height > 1 && el.checkVisibility({ opacityProperty: true, visibilityProperty: true });
    };
    const name = (el: Element) => `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''} "${(el.textContent ?? el.getAttribute('aria-label') ?? '').trim().slice(0, 30) || el.getAttribute('aria-label') || ''}"`;
    const fixedAncestor = (el: Element | null): boolean => {
      for (let e = el; e; e = e.parentElement) if (getComputedStyle(e).position === 'fixed') return true;
      return false;
    };
    const overflow = Math.max(0, document.documentElement.scrollWidth - window.innerWidth);

    // Targets. A tick box or radio counts through its label when the label wraps it.
    const targets = [...document.querySelectorAll('a[href], button, input:not([type=hidden]), select, textarea, summary')]
      .map((el) => (el.matches('input[type=checkbox], input[type=radio]') && el.closest('label')) || el)
      .filter((el, i, all) => all.indexOf(el) === i && visible(el));
    const inSentence = (el: Element) => getComputedStyle(el).display === 'inline' && el.parentElement !== null
      && [...el.parentElement.childNodes].some((n) => n.nodeType === Node.TEXT_NODE && (n.textContent ?? '').trim() !== '');
    const rects = targets.map((el) => el.getBoundingClientRect());
    const undersized = targets.map((el, i) => (rects[i].width < MIN - 0.01 || rects[i].height < MIN - 0.01) && !inSentence(el));
    const centre = (r: DOMRect) => ({ x: r.left + r.width / 2, y: r.top + r.height / 2 });
    const distToRect = (p: { x: number; y: number }, r: DOMRect) => Math.hypot(Math.max(r.left - p.x, 0, p.x - r.right), Math.max(r.top - p.y, 0, p.y - r.bottom));
    const small: string[] = [];
    targets.forEach((el, i) => {
      if (!undersized[i]) return;
      const c = centre(rects[i]);
      const crowded = targets.some((other, j) => {
        if (j === i || other.contains(el) || el.contains(other)) return false;
        if (undersized[j]) {
          const d = centre(rects[j]);
          return Math.hypot(c.x - d.x, c.y - d.y) < MIN;
        }
        return distToRect(c, rects[j]) < MIN / 2;
      });
      if (crowded) small.push(`${name(el)} ${Math.round(rects[i].width)}×${Math.round(rects[i].height)}`);
    });

    // Floating buttons against prices, links and buttons in view.
    const floating = [...document.querySelectorAll('a, button')].filter((el) => visible(el) && fixedAncestor(el));
    const prices = [...document.querySelectorAll('span, p, strong, dd, td, div')].filter((el) =>
      [...el.childNodes].some((n) => n.nodeType === Node.TEXT_NODE && /RM/.test(n.textContent ?? '')));
    const content = [...targets, ...prices].filter((el) => visible(el) && !fixedAncestor(el));
    const covered: string[] = [];
    for (const f of floating) {
      const a = f.getBoundingClientRect();
      for (const el of content) {
        const b = el.getBoundingClientRect();
        if (b.bottom <= 0 || b.top >= window.innerHeight) continue;
        if (a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom) covered.push(`${name(f)} covers ${name(el)}`);
      }
    }
    return { overflow, small, covered };
  });
}

/** The findings of `measure` as failure lines prefixed with `where` (empty when the page holds). */
export function failuresOf(where: string, { overflow, small, covered }: Findings): string[] {
  return [
    ...(overflow > 0 ? [`${where}: ${overflow}px wider than the screen`] : []),
    ...small.map((s) => `${where}: target under 24px: ${s}`),
    ...covered.map((c) => `${where}: ${c}`),
  ];
}
