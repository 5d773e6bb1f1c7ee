/**
 * The console's read of a product's pictures (issue 20 item 2; ADR 28), through `staffApi` (the
 * console's own session; HQ only: the API refuses outlet staff with 403).
 */
import { XsApiError } from '../../lib/xs-api/client';
import { PRODUCT_PICTURE_MAX_BYTES, PRODUCT_PICTURES_MAX } from '../../domain/product-picture';
import { staffApi } from '../shared/api';
import { StaffRefusal, StaffSignedOut, type StaffContext } from '../staff/queries';

/** A product's pictures as the picture section shows them. */
export type ProductPicturesView = {
  code: string;
  /** The product's name in the staff member's language (English when it has none). */
  name: string;
  /** Picture addresses in gallery order ('/_u/<id>.webp' or '/images/products/…'). */
  pictures: string[];
  /** The most a product may have (PRODUCT_PICTURES_MAX). */
  max: number;
  /** The largest file accepted, in MB. */
  maxMb: number;
};

/**
 * Product `code`'s pictures, or null for an unknown product.
 * @throws StaffSignedOut when the console session ended; StaffRefusal (403) for outlet staff.
 */
export async function getProductPictures(ctx: StaffContext, code: string): Promise<ProductPicturesView | null> {
  if (!/^[A-Za-z0-9_-]{1,40}$/.test(code)) return null;
  try {
    const { data } = await staffApi(ctx).call('ops_product', { query: { product_code: code } });
    const locale = ctx.locals.locale;
    return {
      code: data.product_code,
      name: data.product_name[locale] || data.product_name.en,
      pictures: data.pictures,
      max: PRODUCT_PICTURES_MAX,
      maxMb: PRODUCT_PICTURE_MAX_BYTES / 1024 / 1024,
    };
  } catch (err) {
    if (err instanceof XsApiError && err.status === 401) throw new StaffSignedOut();
    if (err instanceof XsApiError && err.status === 404) return null;
    if (err instanceof XsApiError && err.status >= 400 && err.status < 500) throw new StaffRefusal(err.status, err.message);
    throw err;
  }
}
