/**
 * HQ's catalogue Actions (issue 20 item 1; ADR 26): plain HTML forms (`accept: 'form'`) posted to
 * the console page they are on, so they carry the console's cookie (path /staff) and work without
 * JavaScript. Every field is checked with the rule the API itself uses (src/domain/catalogue-edit.ts:
 * codes, texts per language, prices — typed in RM here, `ringgitPriceInputSchema`, sent in sen —,
 * stock, dates, tokens), then the whole input with the API's schema (a promotional price above the
 * list price, dates out of order). The API names the HQ member in each change's history; an
 * outlet's staff are refused (403) with the API's text in their language, rendered in place.
 * Success redirects with `?done=…`, which the page shows.
 */
import { ActionError, defineAction, type ActionAPIContext } from 'astro:actions';
import { z } from 'zod';
import {
  groupInputSchema,
  headerBannerInputSchema,
  integrationTokenInputSchema,
  lineInputSchema,
  localizedNameSchema,
  localizedTextSchema,
  productCodeSchema,
  productInputSchema,
  promotionBannerInputSchema,
  ringgitPriceInputSchema,
  stockQuantitySchema,
  unitSchema,
  lineCodeSchema,
  picturePathSchema,
  bannerLinkSchema,
} from '../../domain/catalogue-edit';
import { paths } from '../../domain/paths';
import { translate } from '../../i18n/messages';
import { staffApi } from '../shared/api';
import { viaApi } from '../shared/errors';
import type { FormRedirect } from '../shared/form-action';
import { keepIssuedToken } from './issued-token';

/** What the catalogue pages show after a change (`?done=`). */
export const CATALOGUE_DONE = ['product_created', 'product_saved', 'stock_saved', 'group_saved', 'line_saved', 'banner_saved', 'banner_removed', 'token_issued', 'token_revoked'] as const;
export type CatalogueDone = (typeof CATALOGUE_DONE)[number];

/** Calls the API as the staff member; its refusals keep their text. @throws ActionError UNAUTHORIZED without a session. */
function asStaff<T>(ctx: ActionAPIContext, fn: (api: ReturnType<typeof staffApi>) => Promise<T>): Promise<T> {
  if (!ctx.locals.staff) throw new ActionError({ code: 'UNAUTHORIZED', message: 'staff session missing' });
  return viaApi(ctx, () => fn(staffApi(ctx)), { credentials: true });
}

/** Checks the assembled input with the API's own schema; its first issue, in the member's language, refuses the form. */
function whole<S extends z.ZodType>(ctx: ActionAPIContext, schema: S, input: unknown): z.output<S> {
  const r = schema.safeParse(input);
  if (r.success) return r.data;
  const issue = r.error.issues[0]!;
  throw new ActionError({ code: 'BAD_REQUEST', message: translate(ctx.locals.locale, issue.message) });
}

/** A form field as text: an empty field (null from the form) is ''. */
const text = <S extends z.ZodType>(schema: S) => z.preprocess((v) => (v === null || v === undefined ? '' : v), schema);
/** A number field: empty is "not given" (the schema's default); otherwise the number typed. */
const num = <S extends z.ZodType>(schema: S) => z.preprocess((v) => (v === null || v === undefined || v === '' ? undefined : Number(v)), schema);
/** A checkbox: ticked ('on') or not. */
const checkbox = z.preprocess((v) => v === 'on' || v === 'true' || v === true, z.boolean());
/** A date field: empty is no date. */
const date = <S extends z.ZodType>(schema: S) => z.preprocess((v) => (v === null || v === '' ? null : v), schema);
/** A list typed one per line (pictures, links) or separated by spaces or commas (product codes). */
const list = <S extends z.ZodType>(schema: S, split: RegExp) => z.preprocess((v) => (typeof v === 'string' ? v.split(split).map((x) => x.trim()).filter(Boolean) : []), schema);

/** Names in EN (required), ZH and AR as three fields `<prefix>_en`, `_zh`, `_ar`. */
const names = {
  en: text(localizedNameSchema.shape.en),
  zh: text(localizedNameSchema.shape.zh),
  ar: text(localizedNameSchema.shape.ar),
};
const texts = {
  en: text(localizedTextSchema.shape.en),
  zh: text(localizedTextSchema.shape.zh),
  ar: text(localizedTextSchema.shape.ar),
};

const productForm = z.object({
  mode: z.enum(['create', 'update']),
  product_code: text(productCodeSchema),
  name_en: names.en,
  name_zh: names.zh,
  name_ar: names.ar,
  description_en: texts.en,
  description_zh: texts.zh,
  description_ar: texts.ar,
  detail_en: texts.en,
  detail_zh: texts.zh,
  detail_ar: texts.ar,
  line_code: text(lineCodeSchema),
  unit: text(unitSchema),
  price: text(ringgitPriceInputSchema),
  /** Blank: no promotion (the list price). */
  final_price: z.preprocess((v) => (v === null || v === '' ? undefined : v), ringgitPriceInputSchema.optional()),
  visible: checkbox,
});

const headerShape = headerBannerInputSchema.shape;
const promotionShape = promotionBannerInputSchema.shape;

export const catalogueHq = {
  /**
   * Creates (`mode` create) or saves (update) a product from the editor: names, descriptions and
   * details in EN/ZH/AR, line, unit, list and promotional price in RM (sent in sen), visible. An
   * update keeps the brand, pictures and featured flag as they are.
   */
  saveProduct: defineAction({
    accept: 'form',
    input: productForm,
    handler: async (f, ctx): Promise<FormRedirect> => {
      const input = whole(ctx, productInputSchema, {
        product_code: f.product_code,
        product_name: { en: f.name_en, zh: f.name_zh, ar: f.name_ar },
        product_description: { en: f.description_en, zh: f.description_zh, ar: f.description_ar },
        product_detail: { en: f.detail_en, zh: f.detail_zh, ar: f.detail_ar },
        line_code: f.line_code,
        unit: f.unit,
        price_sen: f.price,
        final_price_sen: f.final_price ?? f.price,
        visible: f.visible,
      });
      if (f.mode === 'create') {
        await asStaff(ctx, (api) => api.call('ops_product_create', { body: input }));
        return { redirect: `${paths.staff.catalogue.product(input.product_code)}?done=product_created` };
      }
      await asStaff(ctx, async (api) => {
        const current = await api.call('ops_product', { query: { product_code: input.product_code } });
        return api.call('ops_product_update', { body: { ...input, brand_code: current.data.brand_code } });
      });
      return { redirect: `${paths.staff.catalogue.product(input.product_code)}?done=product_saved` };
    },
  }),

  /** Sets a product's units on hand per outlet (`outlet[]` with `quantity[]`; a blank quantity is left as it is). */
  setStock: defineAction({
    accept: 'form',
    // A plain object: Astro reads repeated form fields as arrays only from an object's shape.
    input: z.object({
      product_code: text(productCodeSchema),
      outlet: z.array(z.string().trim().max(20)).max(500),
      quantity: z.array(z.string().trim().max(12)).max(500),
    }),
    handler: async ({ product_code, outlet, quantity }, ctx): Promise<FormRedirect> => {
      if (outlet.length !== quantity.length) throw new ActionError({ code: 'BAD_REQUEST', message: translate(ctx.locals.locale, 'catalogue_stock_invalid') });
      const rows: { outlet: string; product_code: string; quantity: number }[] = [];
      for (const [i, store] of outlet.entries()) {
        if (quantity[i] === '') continue;
        const q = stockQuantitySchema.safeParse(/^\d+$/.test(quantity[i]!) ? Number(quantity[i]) : Number.NaN);
        if (!q.success) throw new ActionError({ code: 'BAD_REQUEST', message: `${store}: ${translate(ctx.locals.locale, /^-/.test(quantity[i]!) ? 'catalogue_stock_negative' : 'catalogue_stock_invalid')}` });
        rows.push({ outlet: store, product_code, quantity: q.data });
      }
      if (rows.length === 0) throw new ActionError({ code: 'BAD_REQUEST', message: translate(ctx.locals.locale, 'field_required') });
      await asStaff(ctx, (api) => api.call('ops_stock_set', { body: { rows } }));
      return { redirect: `${paths.staff.catalogue.product(product_code)}?done=stock_saved#stock` };
    },
  }),

  /** Creates or replaces a product group: code, names, order. */
  saveGroup: defineAction({
    accept: 'form',
    input: z.object({ group_code: text(groupInputSchema.shape.group_code), name_en: names.en, name_zh: names.zh, name_ar: names.ar, sort_order: num(groupInputSchema.shape.sort_order) }),
    handler: async (f, ctx): Promise<FormRedirect> => {
      const body = whole(ctx, groupInputSchema, { group_code: f.group_code, group_name: { en: f.name_en, zh: f.name_zh, ar: f.name_ar }, sort_order: f.sort_order });
      await asStaff(ctx, (api) => api.call('ops_group_save', { body }));
      return { redirect: `${paths.staff.catalogue.structure}?done=group_saved` };
    },
  }),

  /** Creates or replaces a product line in its group: code, group, names, icon, order. */
  saveLine: defineAction({
    accept: 'form',
    input: z.object({
      line_code: text(lineInputSchema.shape.line_code),
      group_code: text(lineInputSchema.shape.group_code),
      name_en: names.en,
      name_zh: names.zh,
      name_ar: names.ar,
      line_icon: text(picturePathSchema),
      sort_order: num(lineInputSchema.shape.sort_order),
    }),
    handler: async (f, ctx): Promise<FormRedirect> => {
      const body = whole(ctx, lineInputSchema, { line_code: f.line_code, group_code: f.group_code, line_name: { en: f.name_en, zh: f.name_zh, ar: f.name_ar }, line_icon: f.line_icon, sort_order: f.sort_order });
      await asStaff(ctx, (api) => api.call('ops_line_save', { body }));
      return { redirect: `${paths.staff.catalogue.structure}?done=line_saved` };
    },
  }),

  /** Creates (no id) or replaces a header banner: picture, link, text in EN/ZH/AR, order, dates (blank: no limit). */
  saveHeaderBanner: defineAction({
    accept: 'form',
    input: z.object({
      id: num(headerShape.id),
      banner_url: text(picturePathSchema),
      link: text(bannerLinkSchema),
      alt_en: names.en,
      alt_zh: names.zh,
      alt_ar: names.ar,
      sort_order: num(headerShape.sort_order),
      start_date: date(headerShape.start_date),
      end_date: date(headerShape.end_date),
    }),
    handler: async (f, ctx): Promise<FormRedirect> => {
      const body = whole(ctx, headerBannerInputSchema, { id: f.id, banner_url: f.banner_url, link: f.link, alt: { en: f.alt_en, zh: f.alt_zh, ar: f.alt_ar }, sort_order: f.sort_order, start_date: f.start_date, end_date: f.end_date });
      await asStaff(ctx, (api) => api.call('ops_header_banner_save', { body }));
      return { redirect: `${paths.staff.catalogue.banners}?done=banner_saved` };
    },
  }),

  /** Removes a header banner. */
  removeHeaderBanner: defineAction({
    accept: 'form',
    input: z.object({ id: z.coerce.number().int().min(1) }),
    handler: async ({ id }, ctx): Promise<FormRedirect> => {
      await asStaff(ctx, (api) => api.call('ops_header_banner_remove', { body: { id } }));
      return { redirect: `${paths.staff.catalogue.banners}?done=banner_removed` };
    },
  }),

  /** Creates (no banner_id) or replaces a promotion banner: names and texts, pictures and links one per line, product codes, dates. */
  savePromotionBanner: defineAction({
    accept: 'form',
    input: z.object({
      banner_id: num(promotionShape.banner_id),
      name_en: names.en,
      name_zh: names.zh,
      name_ar: names.ar,
      desc_en: texts.en,
      desc_zh: texts.zh,
      desc_ar: texts.ar,
      banner_image: list(promotionShape.banner_image, /\r?\n/),
      banner_url: list(promotionShape.banner_url, /\r?\n/),
      product_codes: list(promotionShape.product_codes, /[\s,]+/),
      start_date: text(promotionShape.start_date),
      end_date: text(promotionShape.end_date),
    }),
    handler: async (f, ctx): Promise<FormRedirect> => {
      const body = whole(ctx, promotionBannerInputSchema, {
        banner_id: f.banner_id,
        banner_name: { en: f.name_en, zh: f.name_zh, ar: f.name_ar },
        banner_desc: { en: f.desc_en, zh: f.desc_zh, ar: f.desc_ar },
        banner_image: f.banner_image,
        banner_url: f.banner_url,
        product_codes: f.product_codes,
        start_date: f.start_date,
        end_date: f.end_date,
      });
      await asStaff(ctx, (api) => api.call('ops_promotion_banner_save', { body }));
      return { redirect: `${paths.staff.catalogue.banners}?done=banner_saved` };
    },
  }),

  /** Removes a promotion banner. */
  removePromotionBanner: defineAction({
    accept: 'form',
    input: z.object({ banner_id: z.coerce.number().int().min(1) }),
    handler: async ({ banner_id }, ctx): Promise<FormRedirect> => {
      await asStaff(ctx, (api) => api.call('ops_promotion_banner_remove', { body: { banner_id } }));
      return { redirect: `${paths.staff.catalogue.banners}?done=banner_removed` };
    },
  }),

  /** Issues an integration token for the point-of-sale system; the tokens page shows it once. */
  issueToken: defineAction({
    accept: 'form',
    input: z.object({ name: text(integrationTokenInputSchema.shape.name), scope: integrationTokenInputSchema.shape.scope }),
    handler: async (input, ctx): Promise<FormRedirect> => {
      const r = await asStaff(ctx, (api) => api.call('ops_integration_token_issue', { body: input }));
      await keepIssuedToken(ctx.cookies, { token: r.token, name: r.data.name });
      return { redirect: `${paths.staff.catalogue.tokens}?done=token_issued` };
    },
  }),

  /** Revokes an integration token at once. */
  revokeToken: defineAction({
    accept: 'form',
    input: z.object({ id: z.coerce.number().int().min(1) }),
    handler: async ({ id }, ctx): Promise<FormRedirect> => {
      await asStaff(ctx, (api) => api.call('ops_integration_token_revoke', { body: { id } }));
      return { redirect: `${paths.staff.catalogue.tokens}?done=token_revoked` };
    },
  }),
};
