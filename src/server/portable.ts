/**
 * Small pure functions that the Node shop and its edge build (ADR 35, src/edge/) both run, so the
 * edge versions of src/server/config.ts, src/server/settings.ts and src/server/error-drill.ts do not
 * copy them. No Node built-in and no Node-only package may be imported here: the worker bundles
 * this module as it is (scripts/build-edge.mjs checks the bundle).
 */
import { ERROR_DRILL_HEADER } from './http/request-names.ts';

export { ERROR_DRILL_HEADER };

/** The WhatsApp number when WHATSAPP_NUMBER is unset (coverage.md §2 WhatsApp button). */
export const DEFAULT_WHATSAPP_NUMBER = '60123456789';

/** The app stores' own front pages: the footer's badges link there unless the shop's app is set (coverage.md §1 footer). */
export const STORE_FRONT_PAGES = {
  APP_STORE_URL: 'https://www.apple.com/app-store/',
  GOOGLE_PLAY_URL: 'https://play.google.com/store/apps',
  APPGALLERY_URL: 'https://appgallery.huawei.com/',
} as const;

/**
 * An app-store address: `raw` as an absolute https URL (as the URL parser writes it), else
 * `fallback` (unset, not a URL, or not https). E.g. ('https://x.example', f) → 'https://x.example/'.
 */
export function httpsUrlOr(raw: string | undefined, fallback: string): string {
  const v = raw?.trim();
  if (!v) return fallback;
  try {
    const url = new URL(v);
    return url.protocol === 'https:' ? url.href : fallback;
  } catch {
    return fallback;
  }
}

/** A WhatsApp number's digits (spaces, '+' and dashes dropped), else DEFAULT_WHATSAPP_NUMBER. '+60 12-345 6789' → '60123456789'. */
export function whatsappDigits(raw: string | undefined): string {
  return (raw ?? '').replace(/\D/g, '') || DEFAULT_WHATSAPP_NUMBER;
}

/**
 * TRUST_PROXY as a number of proxies: 'true' → 1, 'false' → 0, digits → their number, anything
 * else NaN (the caller refuses it).
 */
export function proxyHops(raw: string): number {
  const v = raw.trim();
  return v === 'true' ? 1 : v === 'false' ? 0 : /^\d+$/.test(v) ? Number(v) : Number.NaN;
}

/** The error thrown by an error drill (its message names it in the log). */
export class ErrorDrill extends Error {
  constructor() {
    super('Error drill: this request was failed on purpose by an operator (x-error-drill)');
    this.name = 'ErrorDrill';
  }
}

/**
 * True when `headers` carry the drill header and `matches(presented)` finds it is the operators'
 * token (each runtime's constant-time comparison, reading the token only then); false without it.
 */
export function drillRequested(headers: Headers, matches: (presented: string) => boolean): boolean {
  const presented = headers.get(ERROR_DRILL_HEADER);
  return presented ? matches(presented) : false;
}
