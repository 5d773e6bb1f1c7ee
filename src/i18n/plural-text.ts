/**
 * Picks the wording for a number from plural templates made on the server
 * (`pluralTemplates` in ./messages.ts), in the browser without the message catalogue:
 * pluralText({ one: '{count} suggestion', other: '{count} suggestions' }, 'en', 'count', 3) →
 * '3 suggestions'. Intl.PluralRules chooses the category; 'other' when a category is missing.
 */
export function pluralText(forms: Record<string, string>, locale: string, param: string, n: number): string {
  const template = forms[new Intl.PluralRules(locale).select(n)] ?? forms.other ?? '';
  return template.split(`{${param}}`).join(String(n));
}
