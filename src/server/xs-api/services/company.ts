/**
 * Company information (coverage.md §3 Company contact, Social info, Brand; §7 company_contact,
 * get_reach_us/{fixed code}, and the brand listing of the home page). Contact and social fields
 * are rows of the key/value table `company_info`; a missing key answers an empty string.
 */
import { asc, eq, and, exists } from 'drizzle-orm';
import type { z } from 'zod';
import { REACH_US_CODE, type Brand, type companyContactShape, type socialInfo } from '../../../lib/xs-api/contract';
import type { Db } from '../db/client';
import { brands, companyInfo, products } from '../db/schema';
import { ApiError, invalidPayload } from '../errors';

const CONTACT_KEYS = ['company_address1', 'company_address2', 'company_email', 'company_tel'] as const;
const SOCIAL_KEYS = ['facebook_url', 'website_URL', 'tiktok_url', 'instagram_url'] as const;

/** The values of `keys` from company_info, '' for any not stored. */
async function readInfo<K extends string>(db: Db, keys: readonly K[]): Promise<Record<K, string>> {
  const rows = await db.select().from(companyInfo);
  const byKey = new Map(rows.map((r) => [r.key, r.value]));
  return Object.fromEntries(keys.map((k) => [k, byKey.get(k) ?? ''])) as Record<K, string>;
}

/** company_contact: address lines, email and telephone. */
export function getCompanyContact(db: Db): Promise<z.infer<typeof companyContactShape>> {
  return readInfo(db, CONTACT_KEYS);
}

/**
 * get_reach_us/{code}: the social links, for the fixed code REACH_US_CODE only.
 * @throws ApiError 400 when the code is not 1–20 letters, digits, '-' or '_' (the input is not
 *   echoed); 404 'reach_us_not_found' for any other well-formed code.
 */
export async function getReachUs(db: Db, code: string): Promise<z.infer<typeof socialInfo>> {
  if (!/^[A-Za-z0-9_-]{1,20}$/.test(code)) throw invalidPayload('code: letters, digits, - and _ only (at most 20)');
  if (code !== REACH_US_CODE) throw new ApiError(404, 'reach_us_not_found', { code });
  return readInfo(db, SOCIAL_KEYS);
}

/** brand_listing: brands that have at least one active product, by name. */
export async function listBrands(db: Db): Promise<Brand[]> {
  const rows = await db
    .select()
    .from(brands)
    .where(exists(db.select({ one: products.productCode }).from(products).where(and(eq(products.brandCode, brands.brandCode), eq(products.isActive, true)))))
    .orderBy(asc(brands.brandName), asc(brands.brandCode));
  return rows.map((b) => ({ brand_code: b.brandCode, brand_name: b.brandName, brand_logo: b.brandLogo }));
}
