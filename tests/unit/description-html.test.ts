/** Product descriptions as safe HTML (coverage.md §2 Product detail: links in text are clickable). */
import { describe, expect, it } from 'vitest';
import { descriptionHtml, descriptionText } from '../../src/server/description-html';

const site = { siteHost: 'shop.example.my' };

describe('descriptionHtml', () => {
  it('is empty for a missing or blank description', () => {
    expect(descriptionHtml(null)).toBe('');
    expect(descriptionHtml('  \n ')).toBe('');
  });

  it('keeps plain text, escaped, with paragraphs and line breaks', () => {
    expect(descriptionHtml('Pork belly, 500 g.\nKeep chilled.\n\nProduct of Malaysia <3 & more')).toBe(
      '<p>Pork belly, 500 g.<br />Keep chilled.</p><p>Product of Malaysia &lt;3 &amp; more</p>',
    );
  });

  it('links bare addresses in plain text, external ones in a new tab with nofollow', () => {
    const html = descriptionHtml('Recipe idea: https://www.xsfreshmart.com.my/recipes/pork-belly?a=1&b=2 — or mail us at help@example.com', site);
    expect(html).toContain(
      '<a href="https://www.xsfreshmart.com.my/recipes/pork-belly?a=1&amp;b=2" target="_blank" rel="nofollow noopener noreferrer">https://www.xsfreshmart.com.my/recipes/pork-belly?a=1&amp;b=2</a>',
    );
    expect(html).toContain('<a href="mailto:help@example.com">help@example.com</a>');
    expect(descriptionHtml('see www.example.com.', site)).toContain('<a href="http://www.example.com" target="_blank" rel="nofollow noopener noreferrer">www.example.com</a>.');
  });

  it('keeps http, https, mailto and tel links; same-site links open in place', () => {
    const html = descriptionHtml(
      '<p><a href="https://example.com/x">ext</a> <a href="mailto:a@b.my">mail</a> <a href="tel:+60312345678">call</a> <a href="https://shop.example.my/outlets">ours</a> <a href="/category/PORK-CUTS">rel</a></p>',
      site,
    );
    expect(html).toBe(
      '<p><a href="https://example.com/x" target="_blank" rel="nofollow noopener noreferrer">ext</a> <a href="mailto:a@b.my">mail</a> <a href="tel:+60312345678">call</a> <a href="https://shop.example.my/outlets">ours</a> <a href="/category/PORK-CUTS">rel</a></p>',
    );
  });

  it('removes javascript:, data: and protocol-relative links but keeps their text', () => {
    for (const href of ['javascript:alert(1)', 'JaVaScRiPt:alert(1)', ' javascript:alert(1)', 'java&#x09;script:alert(1)', 'data:text/html,<script>alert(1)</script>', '//evil.example/x', 'vbscript:x']) {
      const html = descriptionHtml(`<p>Click <a href="${href}">here</a></p>`, site);
      expect(html, href).toBe('<p>Click here</p>');
    }
  });

  it('removes scripts, styles, event handlers and other tags', () => {
    const html = descriptionHtml(
      '<p onclick="alert(1)" style="color:red">Fresh <b>pork</b><script>alert(1)</script><style>p{}</style><img src=x onerror=alert(1)><iframe src="https://evil"></iframe></p>',
    );
    expect(html).toBe('<p>Fresh <b>pork</b></p>');
    expect(descriptionHtml('<a href="https://e.com" onmouseover="x()" target="_self">t</a>', site)).toBe(
      '<a href="https://e.com" target="_blank" rel="nofollow noopener noreferrer">t</a>',
    );
  });

  it('does not link inside an existing link, and linkifies text in HTML descriptions', () => {
    expect(descriptionHtml('<p><a href="https://a.com">https://b.com</a> then https://c.com</p>', site)).toBe(
      '<p><a href="https://a.com" target="_blank" rel="nofollow noopener noreferrer">https://b.com</a> then <a href="https://c.com" target="_blank" rel="nofollow noopener noreferrer">https://c.com</a></p>',
    );
  });
});

describe('descriptionText', () => {
  it('drops tags and scripts, decodes entities and collapses whitespace', () => {
    expect(descriptionText('<p>Fresh &amp; <b>lean</b></p>\n<script>alert(1)</script><p>500 g</p>')).toBe('Fresh & lean 500 g');
    expect(descriptionText('Plain text', 5)).toBe('Plain');
    expect(descriptionText(null)).toBe('');
  });
});
