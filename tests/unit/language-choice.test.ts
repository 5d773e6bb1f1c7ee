/** Which language a login leads to (coverage.md §1; src/features/language/choice.ts). */
import { describe, expect, it } from 'vitest';
import { asLocale, languageAfterLogin, needsProfileLanguage } from '../../src/features/language/choice';
import { LOCALES } from '../../src/domain/constants';

describe('languageAfterLogin', () => {
  it('follows the profile from an unprefixed page when this device has no choice', () => {
    for (const profile of LOCALES) expect(languageAfterLogin('en', null, profile)).toBe(profile);
    expect(needsProfileLanguage('en', null)).toBe(true);
  });
  it("keeps this device's choice: the /zh or /ar page first, then the local choice", () => {
    expect(languageAfterLogin('ar', 'zh', 'en')).toBe('ar');
    expect(languageAfterLogin('zh', null, 'ar')).toBe('zh');
    expect(languageAfterLogin('en', 'en', 'zh')).toBe('en');
    expect(languageAfterLogin('en', 'ar', 'zh')).toBe('ar');
    expect(needsProfileLanguage('zh', null)).toBe(false);
    expect(needsProfileLanguage('en', 'en')).toBe(false);
  });
  it("falls back to the page's language when the profile cannot be read", () => {
    expect(languageAfterLogin('en', null, null)).toBe('en');
  });
});

describe('asLocale', () => {
  it('takes only the shop languages', () => {
    expect(LOCALES.map((l) => asLocale(l))).toEqual(['en', 'zh', 'ar']);
    for (const v of ['fr', 'EN', '', ' zh', undefined, null]) expect(asLocale(v as string)).toBeNull();
  });
});
