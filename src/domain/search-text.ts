/**
 * The one rule for matching a search against the catalogue (docs/architecture.md i18n: catalogue data is searched
 * in all three languages; coverage.md §2 Search, §7 product_listing `search`). The same function writes a
 * product's stored search text (the seed, the start-up reindex) and reads the shopper's query, so
 * both sides always agree. Pure, no imports (the seed data imports it under Node's type stripping).
 *
 * What it folds, in order:
 * - Unicode NFKC: full-width Latin and digits become half-width ('ＰＯＲＫ' → 'PORK'), Arabic
 *   presentation forms become letters ('ﻻ' → 'لا');
 * - case ('Pork' → 'pork');
 * - Arabic tashkeel U+064B–U+065F, the superscript alef U+0670 and tatweel U+0640 are dropped
 *   ('خِنْزِير' → 'خنزير', 'لـحـم' → 'لحم');
 * - Arabic letter variants: أ إ آ ٱ → ا, ة → ه, ى → ي, ؤ → و, ئ → ي ('كبدة' → 'كبده');
 * - control characters (NUL included) become spaces, runs of white space one space, trimmed.
 * Chinese is left as it is: a query matches as a substring of the characters ('猪肉' in '猪肉碎').
 * Idempotent: normalizeSearchText(normalizeSearchText(x)) === normalizeSearchText(x).
 */

/** Tashkeel (fathatan … hamza below, U+064B–U+065F), superscript alef (U+0670) and tatweel (U+0640). */
const ARABIC_MARKS = /[\u064B-\u065F\u0670\u0640]/g;
/** Letter variants written in many ways, each to the plain letter a shopper may type instead. */
const ARABIC_VARIANTS: Record<string, string> = { 'أ': 'ا', 'إ': 'ا', 'آ': 'ا', 'ٱ': 'ا', 'ة': 'ه', 'ى': 'ي', 'ؤ': 'و', 'ئ': 'ي' };
const ARABIC_VARIANT = /[أإآٱةىؤئ]/g;
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/g;

/**
 * Folds text for matching (see the module's rules). Example: ' ＬＡＨＭ  لَحْمٌ أضلاع ' →
 * 'lahm لحم اضلاع'. Never throws; '' for blank text.
 */
export function normalizeSearchText(text: string): string {
  return text
    .normalize('NFKC')
    .toLowerCase()
    .replace(ARABIC_MARKS, '')
    .replace(ARABIC_VARIANT, (c) => ARABIC_VARIANTS[c] ?? c)
    .replace(CONTROL, ' ')
    .normalize('NFKC')
    .replace(/\s+/g, ' ')
    .trim();
}

/** At most this many words of a query are matched (the rest are ignored). */
export const MAX_SEARCH_TERMS = 8;

/**
 * The words of a query, folded: each must occur (as a substring) in a product's search text.
 * Example: 'Pork  لَحْم' → ['pork', 'لحم']; '' → [].
 */
export function searchTerms(query: string): string[] {
  return normalizeSearchText(query).split(' ').filter(Boolean).slice(0, MAX_SEARCH_TERMS);
}

/**
 * A product's stored search text (column `products.search_text`): its names in EN, ZH and AR,
 * folded and joined by a space. Example: { en: 'Pork Belly', zh: '五花肉', ar: 'لحم بطن الخنزير' } →
 * 'pork belly 五花肉 لحم بطن الخنزير'.
 */
export function productSearchText(name: { en: string; zh?: string; ar?: string }): string {
  return normalizeSearchText([name.en, name.zh ?? '', name.ar ?? ''].join(' '));
}
