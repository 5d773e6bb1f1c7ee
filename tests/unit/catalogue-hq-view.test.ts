/** HQ's catalogue screens' reshaping (src/features/catalogue-hq/view.ts; issue 20 item 1). */
import { describe, expect, it } from 'vitest';
import { actorOf, pick, postedProductValues, productFormValues } from '../../src/features/catalogue-hq/view';

describe('catalogue-hq view', () => {
  it('picks the text in the member’s language, else English', () => {
    expect(pick({ en: 'Duck', zh: '鸭' }, 'zh')).toBe('鸭');
    expect(pick({ en: 'Duck', zh: '鸭' }, 'ar')).toBe('Duck');
    expect(pick({ en: '', ar: 'بط' }, 'zh')).toBe('بط');
    expect(pick(null, 'en')).toBe('');
  });

  it('shows prices in RM with 2 decimals on the form, and keeps what was posted', () => {
    const values = productFormValues({ product_code: 'P1', product_name: { en: 'Duck' }, product_description: null, product_detail: null, line_code: 'L1', unit: '1 pc', price_sen: 1290, final_price_sen: 990, visible: false });
    expect([values.price, values.final_price, values.visible]).toEqual(['12.90', '9.90', false]);
    const form = new FormData();
    for (const [k, v] of Object.entries({ product_code: 'P2', name_en: 'Kaya', name_zh: '咖椰', price: '8,90', visible: 'on' })) form.set(k, v);
    expect(postedProductValues(form)).toMatchObject({ product_code: 'P2', name: { en: 'Kaya', zh: '咖椰', ar: '' }, price: '8,90', final_price: '', visible: true });
  });

  it('names who made a change: the staff login, else the point-of-sale token', () => {
    expect(actorOf({ staff: 'hq.mei', token_id: null })).toEqual({ kind: 'staff', login: 'hq.mei' });
    expect(actorOf({ staff: null, token_id: 3 })).toEqual({ kind: 'token', id: 3 });
    expect(actorOf({ staff: null })).toEqual({ kind: 'unknown' });
  });
});
