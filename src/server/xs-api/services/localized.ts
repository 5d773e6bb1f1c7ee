/** Picks the text of a language from a per-language record, falling back to EN (docs/architecture.md i18n). */
import type { LocalizedText } from '../db/schema';
import type { Locale } from '../../../i18n/messages';

export function localized(text: LocalizedText | null | undefined, locale: Locale): string {
  if (!text) return '';
  return text[locale] || text.en;
}
