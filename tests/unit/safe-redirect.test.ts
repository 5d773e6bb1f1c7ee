/**
 * `safeRedirectPath` (src/domain/paths.ts), the one judge of redirect targets, and `loginTarget`
 * (src/features/access/login-target.ts) which puts the judged path in the login page's language:
 * the open-redirect corpus never leaves the site, however a browser normalises it.
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { safeRedirectPath } from '../../src/domain/paths';
import { loginTarget } from '../../src/features/access/login-target';
import { LOCALES } from '../../src/domain/constants';
import { OPEN_REDIRECT_TRICKS } from '../fixtures/open-redirects';

const SITE = 'https://shop.example';

/** Where a browser on the shop goes with `Location: target`: its origin after the URL parser's own clean-up. */
function browserOrigin(target: string): string {
  return new URL(target, `${SITE}/login`).origin;
}

describe('safeRedirectPath', () => {
  it('has a corpus of at least 30 tricks', () => {
    expect(OPEN_REDIRECT_TRICKS.length).toBeGreaterThanOrEqual(30);
  });

  it.each(OPEN_REDIRECT_TRICKS.map((t) => [JSON.stringify(t), t]))('refuses %s', (_label, trick) => {
    expect(safeRedirectPath(trick, '/fallback')).toBe('/fallback');
  });

  it('keeps paths on this site, normalised', () => {
    expect(safeRedirectPath('/product/P0005', '/')).toBe('/product/P0005');
    expect(safeRedirectPath('/zh/cart?x=1#top', '/')).toBe('/zh/cart?x=1#top');
    expect(safeRedirectPath('/search-products?keyword=%E7%8C%AA', '/')).toBe('/search-products?keyword=%E7%8C%AA');
    expect(safeRedirectPath('/a/../cart', '/')).toBe('/cart');
    expect(safeRedirectPath('/', '/x')).toBe('/');
  });

  it('refuses empty, missing, huge and malformed values', () => {
    for (const v of [undefined, null, '', 'cart', '/%', '/%E0%A4%A', `/${'a'.repeat(3000)}`]) expect(safeRedirectPath(v, '/f')).toBe('/f');
  });

  it('never answers a target that takes the browser off-site (property)', () => {
    const piece = fc.constantFrom('/', '\\', '\t', '\n', '\r', '%2F', '%5C', '%09', '%2e', '.', '..', 'evil.example', '@', ':', 'http:', 'javascript:', '%25', '?', '#', ' ', 'zh', 'ar');
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 12 }), (parts) => {
        const answer = safeRedirectPath(parts.join(''), '/fallback');
        expect(browserOrigin(answer)).toBe(SITE);
        expect(answer.startsWith('/')).toBe(true);
        expect(answer.startsWith('//')).toBe(false);
      }),
      { seed: 20261122, numRuns: 5000 },
    );
  });
});

describe('loginTarget', () => {
  it.each(LOCALES.flatMap((l) => OPEN_REDIRECT_TRICKS.map((t) => [l, JSON.stringify(t), t] as const)))('%s: %s stays on this site', (locale, _label, trick) => {
    const target = loginTarget(trick, locale);
    expect(browserOrigin(target)).toBe(SITE);
    expect(target.startsWith('/')).toBe(true);
    expect(target.startsWith('//')).toBe(false);
  });

  it('keeps the page asked for, in the login page language', () => {
    expect(loginTarget('/zh/cart?x=1', 'en')).toBe('/cart?x=1');
    expect(loginTarget('/product/P0005', 'ar')).toBe('/ar/product/P0005');
  });
});
