/**
 * The memo of rendered fragments (src/components/cached-fragment.ts, ADR 47): a fragment is
 * rendered once per key and then reused; a form post's render and a null key are rendered every
 * time and never kept; HTML that belongs to its page (a script, a style, an island) is never
 * kept; holes are filled at every render; at most MAX_FRAGMENTS are kept.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { MAX_FRAGMENTS, clearFragments, fillHoles, fragmentCounts, fragmentHtml, holeMarker } from '../../src/components/cached-fragment';

/** A render that counts its calls and gives `html`. */
function renderer(html: string) {
  const r = { calls: 0, render: async () => (r.calls++, html) };
  return r;
}

beforeEach(() => clearFragments());

describe('fragments kept in memory', () => {
  it('renders a key once and reuses its HTML', async () => {
    const card = renderer('<article>Pork Belly</article>');
    const before = fragmentCounts();
    expect(await fragmentHtml('["card","en","P0001"]', 'GET', card.render)).toBe('<article>Pork Belly</article>');
    expect(await fragmentHtml('["card","en","P0001"]', 'GET', card.render)).toBe('<article>Pork Belly</article>');
    expect(await fragmentHtml('["card","en","P0001"]', 'HEAD', card.render)).toBe('<article>Pork Belly</article>');
    expect(card.calls).toBe(1);
    // Another key (another language, a changed price) is its own fragment.
    await fragmentHtml('["card","zh","P0001"]', 'GET', card.render);
    expect(card.calls).toBe(2);
    const after = fragmentCounts();
    expect([after.hits - before.hits, after.misses - before.misses]).toEqual([2, 2]);
  });

  it('renders a form post, and a null key, every time and keeps neither', async () => {
    const card = renderer('<article>refused: beyond the stock</article>');
    await fragmentHtml('["card","en","P0002"]', 'POST', card.render);
    await fragmentHtml('["card","en","P0002"]', 'POST', card.render);
    await fragmentHtml(null, 'GET', card.render);
    await fragmentHtml(null, 'GET', card.render);
    expect(card.calls).toBe(4);
    // The post's HTML was not kept: a GET renders its own.
    const plain = renderer('<article>Pork</article>');
    expect(await fragmentHtml('["card","en","P0002"]', 'GET', plain.render)).toBe('<article>Pork</article>');
  });

  it.each([
    '<div><script type="module" src="/_astro/card.js"></script></div>',
    '<style>p{color:red}</style><p>x</p>',
    '<link rel="stylesheet" href="/x.css"><p>x</p>',
    '<astro-island uid="1"></astro-island>',
    '<p>x</p><SCRIPT>1</SCRIPT>',
  ])('never keeps HTML that belongs to its page: %s', async (html) => {
    const r = renderer(html);
    const before = fragmentCounts().refused;
    expect(await fragmentHtml('["x"]', 'GET', r.render)).toBe(html);
    expect(await fragmentHtml('["x"]', 'GET', r.render)).toBe(html);
    expect(r.calls).toBe(2);
    expect(fragmentCounts().refused - before).toBe(2);
  });

  it('keeps text that only mentions a script, as escaped text', async () => {
    const r = renderer('<p>&lt;script&gt; in a product name</p><p>description</p>');
    await fragmentHtml('["y"]', 'GET', r.render);
    await fragmentHtml('["y"]', 'GET', r.render);
    expect(r.calls).toBe(1);
  });

  it('keeps at most MAX_FRAGMENTS, the least recently used going first', async () => {
    const r = renderer('<p>x</p>');
    for (let i = 0; i <= MAX_FRAGMENTS; i++) await fragmentHtml(`k${i}`, 'GET', r.render);
    expect(r.calls).toBe(MAX_FRAGMENTS + 1);
    await fragmentHtml(`k${MAX_FRAGMENTS}`, 'GET', r.render);
    expect(r.calls).toBe(MAX_FRAGMENTS + 1);
    await fragmentHtml('k0', 'GET', r.render);
    expect(r.calls).toBe(MAX_FRAGMENTS + 2);
  });
});

describe('holes', () => {
  it('are filled at every render with their slot, each slot rendered once', async () => {
    const html = `<header><ul>${holeMarker('language')}</ul><div>${holeMarker('search')}</div>${holeMarker('language')}</header>`;
    const asked: string[] = [];
    const fill = async (name: string) => (asked.push(name), `<${name}/>`);
    expect(await fillHoles(html, fill)).toBe('<header><ul><language/></ul><div><search/></div><language/></header>');
    expect(asked).toEqual(['language', 'search']);
    expect(await fillHoles('<p>none</p>', fill)).toBe('<p>none</p>');
  });

  it('take plain names only', () => {
    expect(holeMarker('language')).toBe('<!--fragment-hole:language-->');
    for (const bad of ['', 'Language', 'a b', '-->x', 'a:b']) expect(() => holeMarker(bad)).toThrow(/fragment hole name/);
  });
});
