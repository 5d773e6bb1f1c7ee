/**
 * The contract client as the storefront uses it: in-process against the bundled API, or over HTTP
 * to XS_API_URL when set (DESIGN One picture).
 */
import { createXsClient } from '../lib/xs-api/client';
import type { Locale } from '../i18n/messages';
import { config } from './config';
import { bundledApi } from './runtime';

/** A client for one request: the shopper's language and, when logged in, their session. */
export function apiFor(locale: Locale, session: { token: string; member: string } | null) {
  const remote = config.xsApiUrl;
  return createXsClient({
    fetch: remote ? (r) => fetch(r) : async (r) => (await bundledApi()).fetch(r),
    baseUrl: remote || 'http://in-process',
    apiKey: config.xsApiKey,
    locale,
    token: session?.token ?? null,
    member: session?.member ?? null,
  });
}
