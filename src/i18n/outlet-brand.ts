/**
 * An outlet's name with the chain's part in the page's language, for the small scripts of the
 * catalogue pages (the header's store name, the stock badges), which must not ship the message
 * catalogue: the brand comes from the page itself (`<html data-brand>`, written by
 * src/layouts/BaseLayout.astro from the `site_name` message). Pages, islands and the API use
 * `outletName` (./outlet-name.ts), which takes the brand from the messages; both apply the one rule
 * here, `brandOutletName`.
 */

/** The chain's name as outlets' names in the data begin with it. */
export const CHAIN_NAME = 'XS Fresh Mart';

/**
 * `storeName` with the chain's part written as `brand`: ('XS Fresh Mart Kepong Baru', 'XS 鲜市') →
 * 'XS 鲜市 Kepong Baru'; a name without the chain's prefix, or a blank brand, stays as it is. Never throws.
 */
export function brandOutletName(storeName: string, brand: string): string {
  if (!brand || !storeName.startsWith(`${CHAIN_NAME} `)) return storeName;
  return `${brand} ${storeName.slice(CHAIN_NAME.length + 1)}`;
}

/** `storeName` in the language of the page the script runs on (its `<html data-brand>`). */
export function pageOutletName(storeName: string): string {
  return brandOutletName(storeName, globalThis.document?.documentElement.dataset.brand ?? '');
}
