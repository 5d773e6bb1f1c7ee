/**
 * The message catalogue (Paraglide JS 2, `messages/{en,zh,ar}.json`) with the locale passed
 * explicitly, never read from a global: the server renders many requests at once.
 * EN is the default and unprefixed; ZH under /zh; AR under /ar, right to left (docs/architecture.md i18n).
 */
import * as catalogue from '../paraglide/messages.js';

import { DEFAULT_LOCALE, LOCALES, RTL_LOCALES, type Locale } from '../domain/constants';
import { href } from '../domain/paths';
import { splitLocale } from './locale-prefix';

export { DEFAULT_LOCALE, LOCALES, type Locale };

type Catalogue = typeof catalogue;
export type MessageKey = { [K in keyof Catalogue]: Catalogue[K] extends (...args: never[]) => unknown ? K : never }[keyof Catalogue] & string;

type Message = (inputs: Record<string, unknown>, options: { locale: Locale }) => string;

/**
 * The catalogue's messages by key, read once. A module namespace answers each name through an
 * accessor (and, bundled, a getter per export): a page asks for a few hundred texts, so
 * `translate` looks them up in a plain Map instead, and passes one options object per language.
 */
const MESSAGES: ReadonlyMap<string, Message> = new Map(
  Object.entries(catalogue as unknown as Record<string, unknown>).filter((entry): entry is [string, Message] => typeof entry[1] === 'function'),
);
const OPTIONS = Object.fromEntries(LOCALES.map((l) => [l, Object.freeze({ locale: l })])) as Record<Locale, { locale: Locale }>;

/** True when a string names a message in the catalogue. */
export function isMessageKey(key: string): key is MessageKey {
  return MESSAGES.has(key);
}

/** One message in a language, with its parameters filled in. Unknown keys come back as the key. */
export function translate(locale: Locale, key: string, params: Record<string, unknown> = {}): string {
  const fn = MESSAGES.get(key);
  return fn ? fn(params, OPTIONS[locale] ?? { locale }) : key;
}

/** A translator bound to a locale, for server-rendered pages: `const t = translator('zh'); t('cart_title')`. */
export function translator(locale: Locale) {
  return (key: MessageKey, params: Record<string, unknown> = {}) => translate(locale, key, params);
}
export type Translate = ReturnType<typeof translator>;

/**
 * A message cut around one of its parameters, so a page can wrap that value (e.g. in `<bdi>`, to
 * keep a Latin date or store name in order inside Arabic): ('en', 'pay_before', 'time') →
 * ['Please pay by ', ', or the order will be cancelled.']. A message without the parameter comes
 * back whole, with '' after it.
 */
export function messageAround(locale: Locale, key: MessageKey, param: string, params: Record<string, unknown> = {}): [string, string] {
  const mark = '\u0000';
  const [before = '', after = ''] = translate(locale, key, { ...params, [param]: mark }).split(mark);
  return [before, after];
}

/** Text direction of a locale. */
export function dir(locale: Locale): 'rtl' | 'ltr' {
  return RTL_LOCALES.includes(locale) ? 'rtl' : 'ltr';
}

/** The first supported language named in an Accept-Language header or a plain code; EN otherwise. */
export function resolveLocale(value: string | null | undefined): Locale {
  for (const part of (value ?? '').split(',')) {
    const code = part.split(';')[0]!.trim().toLowerCase().slice(0, 2);
    if ((LOCALES as readonly string[]).includes(code)) return code as Locale;
  }
  return DEFAULT_LOCALE;
}

/** A site path in a locale: '/cart' → '/zh/cart' (EN stays unprefixed). The rule is `href` of src/domain/paths.ts. */
export const localizePath = href;

/** Splits a URL path into its locale and the path without the prefix (./locale-prefix.ts). */
export { splitLocale };

/** The language of the shop page a request came from (its Referer's /zh or /ar prefix, EN without); null with no readable Referer. */
export function refererLocale(headers: Headers): Locale | null {
  const referer = headers.get('referer');
  if (!referer) return null;
  try {
    return splitLocale(new URL(referer).pathname).locale;
  } catch {
    return null;
  }
}

/**
 * A plural message as one template per plural category of the language, for a browser script that
 * fills in a number later (search suggestion count, the header's points): ('en', 'suggest_count',
 * 'count') → { one: '{count} suggestion', other: '{count} suggestions' }; Arabic gives zero, one,
 * two, few, many and other. Pick one with `pluralText` (./plural-text.ts). Each template is the
 * message rendered for a sample number of its category, that number turned back into `{param}`.
 */
export function pluralTemplates(locale: Locale, key: MessageKey, param: string): Record<string, string> {
  const memoKey = `${locale}|${key}|${param}`;
  let forms = pluralForms.get(memoKey);
  if (!forms) {
    const rules = new Intl.PluralRules(locale);
    const wanted = rules.resolvedOptions().pluralCategories.length;
    forms = {};
    for (let n = 0; n <= 200 && Object.keys(forms).length < wanted; n++) {
      const category = rules.select(n);
      if (forms[category] !== undefined) continue;
      forms[category] = translate(locale, key, { [param]: n }).split(String(n)).join(`{${param}}`);
    }
    pluralForms.set(memoKey, forms);
  }
  return { ...forms };
}
/**
 * pluralTemplates' answers by language, key and parameter: the catalogue is fixed at build time,
 * and Arabic's six forms take a hundred renderings to find (header and search box, every page).
 */
const pluralForms = new Map<string, Record<string, string>>();
