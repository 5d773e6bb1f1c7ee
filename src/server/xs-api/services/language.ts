/**
 * The member's language (coverage.md §1 "stored by the member's profile", §7 customer_language and
 * update_language): one of the shop's languages (en, zh, ar), kept on the member's row.
 */
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { customers } from '../db/schema';
import { ApiError } from '../errors';
import type { Locale } from '../../../i18n/messages';

/** The member's language. @throws ApiError 404 'api_not_found' for an unknown member. */
export async function getLanguage(db: Db, memberCode: string): Promise<Locale> {
  const [row] = await db.select({ language: customers.language }).from(customers).where(eq(customers.memberCode, memberCode)).limit(1);
  if (!row) throw new ApiError(404, 'api_not_found');
  return row.language;
}

/** Stores the member's language; answers it. @throws ApiError 404 'api_not_found' for an unknown member. */
export async function setLanguage(db: Db, memberCode: string, language: Locale): Promise<Locale> {
  const rows = await db.update(customers).set({ language }).where(eq(customers.memberCode, memberCode)).returning({ language: customers.language });
  if (!rows.length) throw new ApiError(404, 'api_not_found');
  return language;
}
