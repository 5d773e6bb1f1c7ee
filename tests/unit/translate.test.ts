/**
 * `translate` and `isMessageKey` (src/i18n/messages.ts), which read the catalogue through a Map made
 * once: every message in each language, parameters filled in, an unknown key (or a name of Object's
 * prototype) given back as it came.
 */
import { describe, expect, it } from 'vitest';
import * as catalogue from '../../src/paraglide/messages.js';
import { isMessageKey, translate, translator } from '../../src/i18n/messages';

describe('translate', () => {
  it('answers every message of the catalogue in each language', () => {
    const keys = Object.keys(catalogue).filter((k) => typeof (catalogue as Record<string, unknown>)[k] === 'function');
    expect(keys.length).toBeGreaterThan(500);
    for (const key of keys) {
      expect(isMessageKey(key), key).toBe(true);
      for (const locale of ['en', 'zh', 'ar'] as const) {
        const fn = (catalogue as unknown as Record<string, (i: object, o: object) => string>)[key]!;
        expect(translate(locale, key, { name: 'X', count: 2, points: 2 }), `${locale} ${key}`).toBe(fn({ name: 'X', count: 2, points: 2 }, { locale }));
      }
    }
  });

  it('fills parameters in the language asked for', () => {
    expect(translate('en', 'quick_view_of', { name: 'Pork Belly' })).toBe('Quick view: Pork Belly');
    expect(translator('zh')('site_name')).toBe('XS 鲜市');
    expect(translate('ar', 'site_name')).not.toBe(translate('en', 'site_name'));
  });

  it('gives back an unknown key as it came', () => {
    for (const key of ['no_such_message', 'constructor', 'toString', '__proto__', 'hasOwnProperty', '']) {
      expect(isMessageKey(key), key).toBe(false);
      expect(translate('en', key)).toBe(key);
    }
  });
});
