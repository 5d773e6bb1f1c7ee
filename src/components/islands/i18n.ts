/**
 * Messages in islands: Paraglide functions called with the island's locale (a prop), so each island
 * ships only the messages it imports (docs/architecture.md i18n).
 */
import type { Locale } from '../../i18n/messages';

type Message<P> = (params: P, options: { locale: Locale }) => string;

/** Binds a locale: `const t = bindLocale(locale); t(m.cart_title)`. */
export function bindLocale(locale: Locale) {
  return <P extends object>(message: Message<P>, params?: P) => message((params ?? {}) as P, { locale });
}
