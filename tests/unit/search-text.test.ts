/** The one search folding rule (src/domain/search-text.ts) and the unit labels (src/domain/units.ts). */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { MAX_SEARCH_TERMS, normalizeSearchText, productSearchText, searchTerms } from '../../src/domain/search-text';
import { unitLabel } from '../../src/domain/units';
import { PRODUCTS } from '../../src/server/xs-api/db/seed/catalogue';

/** Any text, weighted towards controls, Latin, Arabic (with its marks) and full-width forms. */
const anyText = fc
  .array(
    fc.oneof(
      fc.integer({ min: 0, max: 0x24f }),
      fc.integer({ min: 0x600, max: 0x6ff }),
      fc.integer({ min: 0xfb50, max: 0xffef }),
      fc.integer({ min: 0, max: 0x10ffff }),
    ),
    { maxLength: 24 },
  )
  .map((cps) => String.fromCodePoint(...cps));

describe('normalizeSearchText', () => {
  it('drops Arabic tashkeel, the superscript alef and tatweel', () => {
    expect(normalizeSearchText('خِنْزِير')).toBe('خنزير');
    expect(normalizeSearchText('لَحْمٌ')).toBe('لحم');
    expect(normalizeSearchText('لـحـــم')).toBe('لحم');
    expect(normalizeSearchText('هٰذا')).toBe('هذا');
    expect(normalizeSearchText('مُفَرَّم')).toBe('مفرم');
  });

  it('folds Arabic letter variants to the plain letter', () => {
    expect(normalizeSearchText('أضلاع إسقلوب آذان ٱلخنزير')).toBe('اضلاع اسقلوب اذان الخنزير');
    expect(normalizeSearchText('كبدة')).toBe('كبده');
    expect(normalizeSearchText('مشوى')).toBe('مشوي');
    expect(normalizeSearchText('مؤن')).toBe('مون');
    expect(normalizeSearchText('شرائح')).toBe('شرايح');
    // A hamza or madda written as a combining mark folds the same way as the precomposed letter.
    expect(normalizeSearchText('ا\u0653ذان')).toBe(normalizeSearchText('آذان'));
  });

  it('folds case and full-width Latin, and Arabic presentation forms', () => {
    expect(normalizeSearchText('ＰＯＲＫ Belly')).toBe('pork belly');
    expect(normalizeSearchText('ｐｏｒｋ１２')).toBe('pork12');
    expect(normalizeSearchText('ﻻ')).toBe('لا');
  });

  it('keeps Chinese characters as they are, and mixed scripts together', () => {
    expect(normalizeSearchText('猪肉 排骨')).toBe('猪肉 排骨');
    expect(normalizeSearchText('  Pork   五花肉\tلَحْم  ')).toBe('pork 五花肉 لحم');
  });

  it('never keeps NUL or other control characters', () => {
    expect(normalizeSearchText('pork\u0000belly')).toBe('pork belly');
    expect(normalizeSearchText('\u0000\u0007\u009f')).toBe('');
    // eslint-disable-next-line no-control-regex -- the characters the rule must remove
    fc.assert(fc.property(anyText, (s) => !/[\u0000-\u001f\u007f-\u009f]/.test(normalizeSearchText(s))));
  });

  it('is idempotent on any text', () => {
    fc.assert(
      fc.property(anyText, (s) => normalizeSearchText(normalizeSearchText(s)) === normalizeSearchText(s)),
      { numRuns: 5000 },
    );
    fc.assert(fc.property(fc.constantFrom(...PRODUCTS.map((p) => p.searchText)), (s) => normalizeSearchText(s) === s));
  });
});

describe('searchTerms and productSearchText', () => {
  it('splits a folded query into at most MAX_SEARCH_TERMS words', () => {
    expect(searchTerms('Pork  لَحْم')).toEqual(['pork', 'لحم']);
    expect(searchTerms('   ')).toEqual([]);
    expect(searchTerms('a b c d e f g h i j')).toHaveLength(MAX_SEARCH_TERMS);
  });

  it('joins the three names, folded', () => {
    expect(productSearchText({ en: 'Pork Belly', zh: '五花肉', ar: 'لحم بطن الخنزير' })).toBe('pork belly 五花肉 لحم بطن الخنزير');
    expect(productSearchText({ en: 'Cod' })).toBe('cod');
  });

  it('finds every demo product by each of its names, whatever marks the query carries', () => {
    for (const p of PRODUCTS) {
      const { en, zh, ar } = p.productName as { en: string; zh: string; ar: string };
      expect(ar, p.productCode).toMatch(/[\u0600-\u06ff]/);
      for (const name of [en.toUpperCase(), zh, ar, `${ar}\u064e`]) {
        expect(searchTerms(name).every((t) => p.searchText.includes(t)), `${p.productCode} ${name}`).toBe(true);
      }
    }
  });
});

describe('unitLabel', () => {
  it('leaves EN as the catalogue writes it', () => {
    for (const u of ['500 g', '4 pcs', '1 pc', '2 packs', '640 ml', '5 kg']) expect(unitLabel(u, 'en')).toBe(u);
  });

  it('writes ZH units in Chinese', () => {
    expect(unitLabel('500 g', 'zh')).toBe('500克');
    expect(unitLabel('1 kg', 'zh')).toBe('1公斤');
    expect(unitLabel('640 ml', 'zh')).toBe('640毫升');
    expect(unitLabel('12 pcs', 'zh')).toBe('12个');
    expect(unitLabel('2 packs', 'zh')).toBe('2包');
  });

  it('writes AR units with the noun agreeing with the number', () => {
    expect(unitLabel('500 g', 'ar')).toBe('500 غ');
    expect(unitLabel('1 kg', 'ar')).toBe('1 كغ');
    expect(unitLabel('320 ml', 'ar')).toBe('320 مل');
    expect(unitLabel('1 pc', 'ar')).toBe('قطعة واحدة');
    expect(unitLabel('2 pcs', 'ar')).toBe('قطعتان');
    expect(unitLabel('4 pcs', 'ar')).toBe('4 قطع');
    expect(unitLabel('10 pcs', 'ar')).toBe('10 قطع');
    expect(unitLabel('12 pcs', 'ar')).toBe('12 قطعة');
    expect(unitLabel('2 packs', 'ar')).toBe('عبوتان');
  });

  it('returns a unit of another shape unchanged, and covers every demo unit', () => {
    expect(unitLabel('1 tray', 'ar')).toBe('1 tray');
    expect(unitLabel('', 'zh')).toBe('');
    for (const p of PRODUCTS) {
      expect(unitLabel(p.unit!, 'ar'), p.unit).toMatch(/[\u0600-\u06ff]/);
      expect(unitLabel(p.unit!, 'zh'), p.unit).toMatch(/[\u4e00-\u9fff]/);
    }
  });
});
