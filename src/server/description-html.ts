/**
 * Product descriptions as safe HTML (coverage.md §2 Product detail: "links in text are clickable").
 * Server only: the text comes from the catalogue (plain text or a little HTML) and is rendered with
 * `set:html`, so everything goes through sanitize-html with an allowlist:
 * - tags: paragraphs, line breaks, emphasis, lists, small headings and links; everything else is
 *   dropped (script and style with their content);
 * - links: only http, https, mailto and tel (and site-relative paths); `javascript:`, `data:` and
 *   protocol-relative links lose their href. External http(s) links open in a new tab with
 *   rel="nofollow noopener noreferrer"; same-site links stay as they are;
 * - bare addresses in the text (https://…, www.…, e-mail addresses) become links (linkify-it).
 * Plain text keeps its line breaks: blank lines start paragraphs, single newlines become <br>.
 *
 * Render cost (ADR 17): sanitising is the same work for the same text, and a product page did it
 * three times per render (HTML, meta description, JSON-LD; about 1.5 % of a product render's CPU).
 * Results are kept in memory per text (and site host), the most recently used
 * DESCRIPTION_MEMO_ENTRIES of each kind: the whole demo catalogue in three languages fits.
 */
import LinkifyIt from 'linkify-it';
import { LRUCache } from 'lru-cache';
import sanitizeHtml from 'sanitize-html';

const linkify = new LinkifyIt();

/** How many results of each function below are kept (a description is a few KB at most). */
export const DESCRIPTION_MEMO_ENTRIES = 512;

/** A least-recently-used memo of DESCRIPTION_MEMO_ENTRIES results: `make` runs only for a key not kept. */
function memo(make: (key: string) => string): (key: string) => string {
  const kept = new LRUCache<string, string>({ max: DESCRIPTION_MEMO_ENTRIES });
  return (key) => {
    let value = kept.get(key);
    if (value === undefined) {
      value = make(key);
      kept.set(key, value);
    }
    return value;
  };
}

const ALLOWED_TAGS = ['p', 'br', 'strong', 'b', 'em', 'i', 'u', 'ul', 'ol', 'li', 'h3', 'h4', 'blockquote', 'a'];
const ALLOWED_SCHEMES = ['http', 'https', 'mailto', 'tel'];

const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
const decodeHtml = (html: string) =>
  html.replace(/&(lt|gt|quot|#39|#x27|amp);/g, (_, e: string) => ({ lt: '<', gt: '>', quot: '"', '#39': "'", '#x27': "'", amp: '&' })[e]!);

/** True when `text` looks like HTML (has a tag) rather than plain text. */
function looksLikeHtml(text: string): boolean {
  return /<\/?[a-z][a-z0-9]*(\s[^<>]*)?\/?>/i.test(text);
}

/** Plain text as HTML: escaped, blank lines → paragraphs, newlines → <br>. */
function textToHtml(text: string): string {
  return text
    .replace(/\r\n?/g, '\n')
    .trim()
    .split(/\n{2,}/)
    .map((para) => `<p>${escapeHtml(para).replace(/\n/g, '<br>')}</p>`)
    .join('');
}

/** Turns bare addresses in the text parts of sanitised HTML into links (never inside an existing link). */
function linkifyHtml(html: string): string {
  let insideLink = 0;
  return html
    .split(/(<[^>]*>)/)
    .map((part) => {
      if (part.startsWith('<')) {
        if (/^<a[\s>]/i.test(part)) insideLink++;
        else if (/^<\/a>/i.test(part)) insideLink = Math.max(0, insideLink - 1);
        return part;
      }
      if (insideLink || !part) return part;
      const text = decodeHtml(part);
      const matches = linkify.match(text);
      if (!matches) return part;
      let out = '';
      let last = 0;
      for (const m of matches) {
        out += escapeHtml(text.slice(last, m.index));
        out += `<a href="${escapeHtml(m.url)}">${escapeHtml(m.text)}</a>`;
        last = m.lastIndex;
      }
      return out + escapeHtml(text.slice(last));
    })
    .join('');
}

/** True for an http(s) address on another host than `siteHost`. */
function isExternal(href: string, siteHost: string | undefined): boolean {
  try {
    const url = new URL(href);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.host !== siteHost;
  } catch {
    return false; // a relative path
  }
}

/**
 * A description as safe HTML for `set:html`, or '' when there is nothing to show (the page then
 * says 'No Description').
 * @param text the catalogue's description: plain text or HTML; null or blank → ''
 * @param options.siteHost host of the shop (e.g. 'shop.example.my'); links there open in place
 */
export function descriptionHtml(text: string | null | undefined, options: { siteHost?: string } = {}): string {
  if (!text?.trim()) return '';
  return htmlMemo(`${options.siteHost ?? ''}\u0000${text}`);
}
const htmlMemo = memo((key) => {
  const cut = key.indexOf('\u0000');
  return sanitiseDescription(key.slice(cut + 1), key.slice(0, cut) || undefined);
});

/** descriptionHtml's work, for a non-blank text. */
function sanitiseDescription(text: string, siteHost: string | undefined): string {
  const source = looksLikeHtml(text) ? text : textToHtml(text);
  const sanitise = (html: string) =>
    sanitizeHtml(html, {
      allowedTags: ALLOWED_TAGS,
      allowedAttributes: { a: ['href', 'target', 'rel'] },
      allowedSchemes: ALLOWED_SCHEMES,
      allowedSchemesAppliedToAttributes: ['href'],
      allowProtocolRelative: false,
      disallowedTagsMode: 'discard',
      transformTags: {
        a: (tagName, attribs) => {
          const href = attribs.href ?? '';
          const kept: Record<string, string> = href ? { href } : {};
          if (isExternal(href, siteHost)) Object.assign(kept, { target: '_blank', rel: 'nofollow noopener noreferrer' });
          return { tagName, attribs: kept };
        },
      },
    });
  const html = sanitise(linkifyHtml(sanitise(source)));
  return html.replace(/<a>([\s\S]*?)<\/a>/g, '$1').trim();
}

/**
 * A description as plain text, for the page's meta description and structured data: tags dropped,
 * entities decoded, whitespace collapsed; at most `maxLength` characters (default: all of it).
 */
export function descriptionText(text: string | null | undefined, maxLength = Infinity): string {
  if (!text?.trim()) return '';
  const plain = textMemo(text);
  return plain.length > maxLength ? plain.slice(0, maxLength) : plain;
}
const textMemo = memo((text) => decodeHtml(sanitizeHtml(text, { allowedTags: [], allowedAttributes: {} })).replace(/\s+/g, ' ').trim());
