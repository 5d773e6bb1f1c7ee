/**
 * The JSON-LD builders (src/features/catalogue/json-ld.ts) against the shop's structured-data
 * check (tests/e2e/structured-data.ts: Google's rules in @adobe/structured-data-validator and the
 * zod rules), and the check against broken data, so a check that passes everything is caught.
 */
import { describe, expect, it } from 'vitest';
import { breadcrumbJsonLd, groceryStoreJsonLd, jsonLdText, organizationJsonLd, webSiteJsonLd } from '../../src/features/catalogue/json-ld';
import { jsonLdNodes, structuredDataProblems } from '../e2e/structured-data';

const origin = 'https://shop.example';
const page = (...blocks: unknown[]) => blocks.map((b) => `<script type="application/ld+json">${jsonLdText(b)}</script>`).join('');
const outlet = { code: 'S001', name: 'XS Fresh Mart Cheras', address: '12, Jalan Cheras, 56000 Kuala Lumpur', state: 'Kuala Lumpur', phone: '03-9130 1234', point: { latitude: 3.0921, longitude: 101.7406 } };
const hours = { runs: [[1, 5]] as [number, number][], open: '08:00', close: '17:30' };

describe('the JSON-LD builders', () => {
  it('home: Organization and WebSite with its search, in the page language', async () => {
    const org = organizationJsonLd({ name: 'إكس إس فريش مارت', phone: '03-1234 5678', email: 'hello@shop.example', addressLines: ['1, Jalan Satu', '50000 Kuala Lumpur'], sameAs: ['https://facebook.com/xs'] }, { origin, locale: 'ar' });
    const site = webSiteJsonLd({ origin, locale: 'ar', name: 'إكس إس فريش مارت' });
    expect(site).toMatchObject({ url: 'https://shop.example/ar' });
    expect(JSON.stringify(site)).toContain('"urlTemplate":"https://shop.example/ar/search-products?keyword={search_term_string}"');
    expect(org).toMatchObject({ url: 'https://shop.example/ar' });
    expect(await structuredDataProblems(jsonLdNodes(page(org, site)))).toEqual([]);
  });

  it('a trail as a BreadcrumbList; the outlets as GroceryStores with their opening hours', async () => {
    const crumbs = breadcrumbJsonLd([{ name: 'Home', href: '/zh' }, { name: 'Pork', href: '/zh/category/PORK' }, { name: 'Belly' }], origin);
    expect(crumbs.itemListElement).toEqual([
      { '@type': 'ListItem', position: 1, name: 'Home', item: 'https://shop.example/zh' },
      { '@type': 'ListItem', position: 2, name: 'Pork', item: 'https://shop.example/zh/category/PORK' },
      { '@type': 'ListItem', position: 3, name: 'Belly' },
    ]);
    const store = groceryStoreJsonLd(outlet, { origin, locale: 'en', hours: { runs: [[1, 1], [3, 0]], open: '08:00', close: '17:30' } });
    expect(store).toMatchObject({
      url: 'https://shop.example/outlets#outlet-S001',
      address: { postalCode: '56000', addressRegion: 'Kuala Lumpur', addressCountry: 'MY' },
      openingHoursSpecification: [{ dayOfWeek: ['Monday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'], opens: '08:00', closes: '17:30' }],
    });
    const stores = [store, groceryStoreJsonLd({ ...outlet, code: 'S002' }, { origin, locale: 'en', hours })];
    expect(await structuredDataProblems(jsonLdNodes(page(crumbs, stores)))).toEqual([]);
  });

  it('no text closes the block: "</script>" and line separators are escaped, and the JSON reads back the same', () => {
    const tricky = { name: 'A </script><script>alert(1)</script> \u2028 B' };
    const block = jsonLdText(tricky);
    expect(block).not.toMatch(/<\/script/i);
    expect(block).not.toMatch(/[\u2028\u2029]/);
    expect(jsonLdNodes(`<script type="application/ld+json">${block}</script>`)[0]!.node).toEqual(tricky);
  });
});

describe('the check itself', () => {
  it('refuses broken data: a breadcrumb step without its URL, a product without an offer, a relative URL, a search without its placeholder', async () => {
    const problems = await structuredDataProblems(
      jsonLdNodes(
        page(
          { '@context': 'https://schema.org', '@type': 'BreadcrumbList', itemListElement: [{ '@type': 'ListItem', position: 1, name: 'Home' }, { '@type': 'ListItem', position: 2, name: 'X' }] },
          { '@context': 'https://schema.org', '@type': 'Product', name: 'X', image: ['/x.png'] },
          { ...webSiteJsonLd({ origin, locale: 'en', name: 'X' }), potentialAction: { '@type': 'SearchAction', target: { '@type': 'EntryPoint', urlTemplate: 'https://shop.example/search' }, 'query-input': 'required name=q' } },
          groceryStoreJsonLd(outlet, { origin, locale: 'en', hours: null }),
        ),
      ),
    );
    expect(problems.some((p) => p.startsWith('BreadcrumbList:'))).toBe(true);
    expect(problems.filter((p) => p.startsWith('Product:')).length).toBeGreaterThanOrEqual(2);
    expect(problems.some((p) => p.startsWith('WebSite:'))).toBe(true);
    // Without opening hours the outlet misses a property the shop promises.
    expect(problems.some((p) => p.startsWith('GroceryStore: openingHoursSpecification'))).toBe(true);
    // Google's own rule (the validator): a product needs an offer, a review or a rating.
    expect(problems).toContain('Product: One of the following attributes is required: "aggregateRating", "offers" or "review"');
  });
});
