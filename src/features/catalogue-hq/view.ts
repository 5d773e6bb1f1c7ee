/**
 * HQ's catalogue screens reshape the API's answers once (issue 20 item 1): texts picked in the
 * staff member's language (EN when that one is blank), prices kept in sen (the pages print them
 * with src/domain/money.ts), prices as the RM form fields hold them ('12.90'), dates and times of
 * the history in Malaysian time.
 */
import type { Locale } from '../../domain/constants';
import { formatAmount } from '../../domain/money';
import { formatShopDateTime } from '../../domain/pickup';

/** Texts per language as the API sends them. */
export type Texts = { en: string; zh?: string; ar?: string };

/** The text in `locale`, else the EN one: { en: 'Duck', zh: '鸭' } in 'zh' → '鸭'. */
export function pick(texts: Texts | null | undefined, locale: Locale): string {
  if (!texts) return '';
  return texts[locale] || texts.en || texts.zh || texts.ar || '';
}

/** Sen as an RM form field holds it: 1290 → '12.90'. */
export function ringgitField(sen: number): string {
  return formatAmount(sen);
}

/** An ISO instant as the console prints it, in Malaysian time (EN '27/11/2026 02:05 pm'; coverage.md §9). */
export function shopDateTime(iso: string, locale: Locale): string {
  return formatShopDateTime(new Date(iso), locale);
}

/** What a history row of ops_product_history names as its author: the staff login, else the integration token. */
export function actorOf(e: { staff: string | null; token_id?: number | null }): { kind: 'staff'; login: string } | { kind: 'token'; id: number } | { kind: 'unknown' } {
  if (e.staff) return { kind: 'staff', login: e.staff };
  if (e.token_id) return { kind: 'token', id: e.token_id };
  return { kind: 'unknown' };
}

/** What the product editor's fields show (RM prices as typed). */
export type ProductFormValues = {
  product_code: string;
  name: Partial<Texts>;
  description: Partial<Texts> | null;
  detail: Partial<Texts> | null;
  line_code: string;
  unit: string;
  price: string;
  final_price: string;
  visible: boolean;
};

/** The fields of a product as HQ edits it (ops_product): prices in RM ('12.90'). */
export function productFormValues(p: { product_code: string; product_name: Texts; product_description: Texts | null; product_detail: Texts | null; line_code: string; unit: string; price_sen: number; final_price_sen: number; visible: boolean }): ProductFormValues {
  return {
    product_code: p.product_code,
    name: p.product_name,
    description: p.product_description,
    detail: p.product_detail,
    line_code: p.line_code,
    unit: p.unit,
    price: ringgitField(p.price_sen),
    final_price: ringgitField(p.final_price_sen),
    visible: p.visible,
  };
}

/** An empty new product (shown, priced when typed). */
export const EMPTY_PRODUCT: ProductFormValues = { product_code: '', name: {}, description: null, detail: null, line_code: '', unit: '', price: '', final_price: '', visible: true };

/** What was posted to the product form, to show it again when the post was refused (nothing typed is lost). */
export function postedProductValues(form: FormData): ProductFormValues {
  const s = (k: string) => String(form.get(k) ?? '');
  const texts = (prefix: string) => ({ en: s(`${prefix}_en`), zh: s(`${prefix}_zh`), ar: s(`${prefix}_ar`) });
  return {
    product_code: s('product_code'),
    name: texts('name'),
    description: texts('description'),
    detail: texts('detail'),
    line_code: s('line_code'),
    unit: s('unit'),
    price: s('price'),
    final_price: s('final_price'),
    visible: form.get('visible') === 'on',
  };
}

/** The posted form of a refused post, or null (a GET, or a body that is not a form). */
export async function postedForm(request: Request): Promise<FormData | null> {
  if (request.method !== 'POST') return null;
  return request.formData().catch(() => null);
}
