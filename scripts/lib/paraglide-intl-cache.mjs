/**
 * A Vite plugin that makes the generated Paraglide registry (src/paraglide/registry.js) reuse its
 * Intl objects. Paraglide 2 builds a new `Intl.PluralRules` (and NumberFormat, DateTimeFormat,
 * RelativeTimeFormat) for every plural or formatted message it renders; building one costs far
 * more than using it, so a page with a few counts ('12 products', '340 points') spent about 2 % of
 * its render making PluralRules (ADR 17). The registry is generated at build time and not kept in
 * git, so the change is made to its text as Vite loads it: each `new Intl.X(locale, options)`
 * becomes one object per constructor, locale and options, kept for the life of the process
 * (a handful: three languages, the options written in the messages).
 *
 * Fails the build when the registry no longer has the expected shape, so an upgrade of Paraglide
 * that changes it is seen rather than silently losing the cache.
 */

/** The helper put at the top of the registry: one Intl object per constructor, locale and options. */
const HELPER = `
const __intlMade = new Map();
function __intl(Ctor, locale, options) {
  const key = Ctor.name + '|' + String(locale) + '|' + (options ? JSON.stringify(options) : '');
  let made = __intlMade.get(key);
  if (!made) __intlMade.set(key, (made = new Ctor(locale, options)));
  return made;
}
`;

const CALL = /new Intl\.(PluralRules|NumberFormat|DateTimeFormat|RelativeTimeFormat)\(locale, (options|intlOptions)\)/g;

/** @returns {import('vite').Plugin} */
export function paraglideIntlCache() {
  return {
    name: 'paraglide-intl-cache',
    enforce: 'post',
    transform(code, id) {
      if (!/[\\/]src[\\/]paraglide[\\/]registry\.js$/.test(id.split('?')[0])) return null;
      const replaced = code.replace(CALL, (_, ctor, options) => `__intl(Intl.${ctor}, locale, ${options})`);
      if (!replaced.includes('__intl(Intl.PluralRules, locale, options)')) {
        throw new Error('paraglide-intl-cache: src/paraglide/registry.js no longer builds Intl.PluralRules as expected; update scripts/lib/paraglide-intl-cache.mjs');
      }
      return { code: HELPER + replaced, map: null };
    },
  };
}
