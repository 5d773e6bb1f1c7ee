/**
 * Place names compared as shoppers and data sets write them (coverage.md §5 Address form: city and state;
 * the geocoder's postcode and town lookups). Pure, shared by the postcode check and the geocoder.
 */

/** Lower case, accents and punctuation removed, spaces collapsed: ' Kuala  Lumpur.' → 'kuala lumpur'. */
export function normalisePlace(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9 ]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/** Old and new spellings of the same Malay word, folded to one: 'Tanjong' and 'Tanjung' both → 'tanjung'. */
const SPELLINGS: [RegExp, string][] = [
  [/\btanjong\b/g, 'tanjung'],
  [/\bayer\b/g, 'air'],
  [/\bkampong\b/g, 'kampung'],
  [/\bsungei\b/g, 'sungai'],
  [/\bbaharu\b|\bbahru\b/g, 'baru'],
  [/\bseri\b/g, 'sri'],
  [/\bkg\b/g, 'kampung'],
  [/\bjln\b/g, 'jalan'],
];

/**
 * A normalised name with spelling variants folded (`normalisePlace`, then Tanjong/Tanjung,
 * Ayer/Air, Kampong/Kampung, Sungei/Sungai, Bahru/Baharu/Baru, Seri/Sri as one):
 * 'Tanjong Bungah' and 'Tanjung Bungah' → 'tanjung bungah'.
 */
export function foldPlace(text: string): string {
  let key = normalisePlace(text);
  for (const [from, to] of SPELLINGS) key = key.replace(from, to);
  return key;
}
