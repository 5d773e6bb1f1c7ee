/**
 * An outlet's name in the shopper's language (issue 24 "Words and numbers"): outlets are named
 * after the chain and their place ('XS Fresh Mart Kepong Baru'); the chain's part is the brand as
 * each language writes it (the `site_name` message: 'XS 鲜市 Kepong Baru' in Chinese), the place
 * stays as the post office writes it. For pages, islands and the API; the small scripts of the
 * catalogue pages use `pageOutletName` (./outlet-brand.ts), which reads the brand off the page
 * instead of shipping the messages. The rule itself: `brandOutletName` there.
 */
import { site_name } from '../paraglide/messages.js';
import type { Locale } from '../domain/constants';
import { brandOutletName } from './outlet-brand';

export { CHAIN_NAME } from './outlet-brand';

/**
 * `storeName` for a shopper in `locale`: ('XS Fresh Mart Kepong Baru', 'zh') → 'XS 鲜市 Kepong Baru';
 * a name without the chain's prefix, or in English, stays as it is. Never throws.
 */
export function outletName(storeName: string, locale: Locale): string {
  return locale === 'en' ? storeName : brandOutletName(storeName, site_name({}, { locale }));
}
