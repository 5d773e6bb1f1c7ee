/**
 * Page changes across instances (issue "The chain's own catalogue" §5; ADR 26): the notices'
 * payloads stay under PostgreSQL's limit however many tags a change drops, each tag sent once; the
 * tags of a product change; a change drops the pages here through the page cache's hook.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { INSTANCE_ID, invalidateHere, noticePayloads } from '../../src/server/page-changes';
import { PAGE_CACHE_HOOK } from '../../src/server/page-cache-provider';
import { PRODUCT_TAGS_MAX, productChangeTags } from '../../src/server/cache';

afterEach(() => {
  delete (globalThis as Record<symbol, unknown>)[PAGE_CACHE_HOOK];
});

describe('page changes', () => {
  it('splits many tags into notices under 7000 bytes, each tag once, in order', () => {
    const tags = Array.from({ length: 3000 }, (_, i) => `product:P${String(i).padStart(5, '0')}`);
    const payloads = noticePayloads([...tags, ...tags.slice(0, 10)]);
    expect(payloads.length).toBeGreaterThan(1);
    for (const p of payloads) expect(Buffer.byteLength(p)).toBeLessThanOrEqual(7000);
    const parsed = payloads.map((p) => JSON.parse(p) as { from: string; tags: string[] });
    expect(parsed.every((p) => p.from === INSTANCE_ID)).toBe(true);
    expect(parsed.flatMap((p) => p.tags)).toEqual(tags);
    expect(noticePayloads(['listing'], 'x')).toEqual(['{"from":"x","tags":["listing"]}']);
  });

  it('a product change drops its page, its lines (before and after) and the listings', () => {
    expect(productChangeTags(['P1', 'P2', 'P1'], ['PORK', 'BEEF', 'PORK'])).toEqual(['listing', 'line:PORK', 'line:BEEF', 'product:P1', 'product:P2']);
  });

  it('a change of more than PRODUCT_TAGS_MAX products (an import) drops every page instead', () => {
    const codes = (n: number) => Array.from({ length: n }, (_, i) => `P${i}`);
    expect(productChangeTags(codes(PRODUCT_TAGS_MAX), ['PORK'])).toHaveLength(PRODUCT_TAGS_MAX + 2);
    expect(productChangeTags(codes(PRODUCT_TAGS_MAX + 1), ['PORK'])).toEqual(['catalogue']);
  });

  it('drops the pages of this process through the page cache hook, and does nothing without one', () => {
    const seen: unknown[] = [];
    invalidateHere(['product:P1']);
    (globalThis as Record<symbol, unknown>)[PAGE_CACHE_HOOK] = { invalidate: (o: unknown) => seen.push(o) };
    invalidateHere([]);
    invalidateHere(['product:P1', 'listing']);
    expect(seen).toEqual([{ tags: ['product:P1', 'listing'] }]);
  });
});
