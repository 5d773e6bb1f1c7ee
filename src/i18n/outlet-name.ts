/**
 * An outlet's name in the shopper's language (issue 24 "Words and numbers"): outlets are named
 * after the chain and their place ('XS Fresh Mart Kepong Baru'); the chain's part is the brand as
 * each language writes it (the `site_name` message: 'XS 鲜市 Kepong Baru' in Chinese), the place
 * stays as the post office writes it. The one place that does this, for pages, islands and the small
 * scripts of the header and the stock badges (it imports only the `site_name` message).
 */
import { site_name } from '../paraglide/messages.js';
import { LOCALES, type Locale } from '../domain/constants';

/** The chain's name as outlets' names in the data begin with it. */
export const CHAIN_NAME = 'XS Fresh Mart';

/**
 * `storeName` for a shopper in `locale`: ('XS Fresh Mart Kepong Baru', 'zh') → 'XS 鲜市 Kepong Baru';
 * a name without the chain's prefix, or in English, stays as it is. Never throws.
 */
export function outletName(storeName: string, locale: Locale): string {
  if (locale === 'en' || !storeName.startsWith(`${CHAIN_NAME} `)) return storeName;
  return `${site_name({}, { locale })} ${storeName.slice(CHAIN_NAME.length + 1)}`;
}

/** The page's locale from `<html lang>` ('zh-Hans' → 'zh'), for scripts that run without a prop. */
export function documentLocale(): Locale {
  const lang = (globalThis.document?.documentElement.lang ?? '').slice(0, 2);
  return (LOCALES as readonly string[]).includes(lang) ? (lang as Locale) : 'en';
}
