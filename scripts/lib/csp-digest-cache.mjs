/**
 * A Vite plugin that makes Astro compute each Content-Security-Policy hash once per process rather
 * than at every render (ADR 17 "Render cost at the origin"; issue "One path from page to database"
 * item 4). Astro's `createResult` hashes every inline style and script of the route's head with
 * WebCrypto (`generateCspDigest` in astro/dist/core/encryption.js) for each page it renders, though
 * that text comes from the build and never changes: the profile of a product render put the
 * WebCrypto jobs at about 4 % of its CPU. Astro is bundled into the server build, so the plugin
 * changes that module's text as Vite loads it: the function is kept under another name and
 * `generateCspDigest` becomes a memo of it, one promise per algorithm and text, for the first
 * MAX_KEPT texts (the build's own head styles and scripts, SVG styles; a server island's content,
 * different at each render, is hashed as before once the memo is full). A digest that failed is
 * not kept.
 *
 * Fails the build when the module no longer has the expected shape, so an upgrade of Astro that
 * changes it is seen rather than silently losing the memo.
 */

/** The declaration the plugin renames. */
export const DECLARATION = 'async function generateCspDigest(data, algorithm) {';

/** Most texts kept: the build's head elements are a few dozen. */
export const MAX_KEPT = 256;

/** The memo put in place of the original name. */
const MEMO = `
const __cspDigests = new Map();
function generateCspDigest(data, algorithm) {
  const key = algorithm + '\\u0000' + data;
  let digest = __cspDigests.get(key);
  if (digest) return digest;
  digest = __computeCspDigest(data, algorithm);
  if (__cspDigests.size < ${MAX_KEPT}) {
    __cspDigests.set(key, digest);
    digest.catch(() => __cspDigests.delete(key));
  }
  return digest;
}
`;

/**
 * Rewrites the text of astro/dist/core/encryption.js.
 * @param {string} code the module's text
 * @returns {string} the same module with `generateCspDigest` memoised
 * @throws Error when the declaration is not found exactly once
 */
export function memoiseCspDigest(code) {
  if (code.split(DECLARATION).length !== 2) {
    throw new Error('csp-digest-cache: astro/dist/core/encryption.js no longer declares generateCspDigest as expected; update scripts/lib/csp-digest-cache.mjs');
  }
  return code.replace(DECLARATION, 'async function __computeCspDigest(data, algorithm) {') + MEMO;
}

/** @returns {import('vite').Plugin} */
export function cspDigestCache() {
  return {
    name: 'csp-digest-cache',
    enforce: 'pre',
    transform(code, id) {
      if (!/[\\/]astro[\\/]dist[\\/]core[\\/]encryption\.js$/.test(id.split('?')[0])) return null;
      return { code: memoiseCspDigest(code), map: null };
    },
  };
}
