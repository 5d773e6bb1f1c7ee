/**
 * Selling units in the shopper's language (coverage.md §3 Product `unit`): the catalogue writes them in
 * English ('500 g', '1 kg', '640 ml', '1 pc', '12 pcs', '2 packs'); the shop shows them as text on
 * cards, the quick view and the product page, and the Arabic description quotes them. This is the
 * one mapping from the catalogue's unit to what a shopper reads. Pure; its only import is a type.
 *
 * EN: unchanged. ZH: '500克', '1公斤', '640毫升', '12个', '2包'. AR: '500 غ', '1 كغ', '640 مل';
 * counts agree with the number by Intl.PluralRules('ar'): 'قطعة واحدة', 'قطعتان', '4 قطع',
 * '12 قطعة', and likewise عبوة. A unit in another shape is returned as it is.
 */
import type { Locale } from './constants.ts';

/** '500 g', '1.5 kg', '12 pcs', '2 packs': the amount and the unit word. */
const UNIT = /^(\d+(?:\.\d+)?)\s*(g|kg|ml|l|pcs?|packs?)$/i;

type Measure = 'g' | 'kg' | 'ml' | 'l';
type Count = 'pc' | 'pack';

const ZH_WORDS: Record<Measure | Count, string> = { g: '克', kg: '公斤', ml: '毫升', l: '升', pc: '个', pack: '包' };
const AR_MEASURES: Record<Measure, string> = { g: 'غ', kg: 'كغ', ml: 'مل', l: 'لتر' };
/** Arabic count nouns per plural category: one and two stand without the number. */
const AR_COUNTS: Record<Count, Record<Intl.LDMLPluralRule, (n: string) => string>> = {
  pc: { zero: (n) => `${n} قطعة`, one: () => 'قطعة واحدة', two: () => 'قطعتان', few: (n) => `${n} قطع`, many: (n) => `${n} قطعة`, other: (n) => `${n} قطعة` },
  pack: { zero: (n) => `${n} عبوة`, one: () => 'عبوة واحدة', two: () => 'عبوتان', few: (n) => `${n} عبوات`, many: (n) => `${n} عبوة`, other: (n) => `${n} عبوة` },
};
const arPlural = new Intl.PluralRules('ar');

/**
 * The unit as a shopper in `locale` reads it. Examples: ('500 g', 'ar') → '500 غ';
 * ('4 pcs', 'ar') → '4 قطع'; ('1 pc', 'ar') → 'قطعة واحدة'; ('12 pcs', 'zh') → '12个';
 * ('500 g', 'en') → '500 g'; ('1 tray', 'ar') → '1 tray'. Never throws.
 */
export function unitLabel(unit: string, locale: Locale): string {
  if (locale === 'en') return unit;
  const m = UNIT.exec(unit.trim());
  if (!m) return unit;
  const [, amount, raw] = m as unknown as [string, string, string];
  const word = raw.toLowerCase();
  const key: Measure | Count = word.startsWith('pc') ? 'pc' : word.startsWith('pack') ? 'pack' : (word as Measure);
  if (locale === 'zh') return `${amount}${ZH_WORDS[key]}`;
  if (key === 'pc' || key === 'pack') return AR_COUNTS[key][arPlural.select(Number(amount))](amount);
  return `${amount} ${AR_MEASURES[key]}`;
}
