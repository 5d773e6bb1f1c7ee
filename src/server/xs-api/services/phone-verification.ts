/**
 * Phone verification codes (coverage.md §7 phone_verification/{phone} and the "otp/verify" step; issue
 * "The member's account area" item 12). A new registration starts unverified and cannot order until
 * it proves the number with a code sent by SMS.
 *
 * - A code is 6 digits from `crypto.randomInt`, stored only as an argon2id hash (`phone_codes`, one
 *   row per member: a new code replaces the old one), valid `PHONE_CODE_TTL_MS` (10 minutes).
 * - Each check first reserves one try with a conditional update (`attempts < PHONE_CODE_MAX_ATTEMPTS
 *   AND expires_at > now`), then compares with argon2's constant-time verify; so concurrent checks
 *   can never make more than 5 comparisons against one code, and the 5th wrong one spends it.
 * - One answer, 400 'verification_code_invalid', for a wrong, expired, spent or replaced code and
 *   for a number without a pending code (unknown, or already verified): it tells nothing about
 *   membership.
 */
import { randomInt } from 'node:crypto';
import { and, eq, gt, lt, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { customers, phoneCodes } from '../db/schema';
import { ApiError, invalidPayload } from '../errors';
import type { ApiServices } from '../http';
import { normalizeMalaysianPhone } from '../../../domain/validation';
import { translate, type Locale } from '../../../i18n/messages';
import { findByMobile, memberMobile, throttleSms } from './member-numbers';
import { passwords } from './passwords';
import { clock } from '../../clock';

/** A code is valid for 10 minutes after it was sent. */
export const PHONE_CODE_TTL_MS = 10 * 60 * 1000;
/** Wrong tries that spend a code. */
export const PHONE_CODE_MAX_ATTEMPTS = 5;

/** A fresh code and its argon2id hash: `{ code: '042917', codeHash: '$argon2id$…' }`. */
export async function newPhoneCode(): Promise<{ code: string; codeHash: string }> {
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  return { code, codeHash: await passwords.hash(code) };
}

/** Stores `codeHash` as the member's one live code (replacing any earlier one), valid from `now` for 10 minutes. */
export async function storePhoneCode(db: Db, memberCode: string, codeHash: string, now = clock.now()): Promise<void> {
  const values = { codeHash, expiresAt: new Date(now.getTime() + PHONE_CODE_TTL_MS), attempts: 0, createdAt: now };
  await db
    .insert(phoneCodes)
    .values({ memberCode, ...values })
    .onConflictDoUpdate({ target: phoneCodes.memberCode, set: values });
}

/** Texts the code to the member's number in `locale`. */
export async function textPhoneCode(services: ApiServices, db: Db, mobile: string, code: string, locale: Locale): Promise<void> {
  await services.sms.send(db, normalizeMalaysianPhone(mobile), translate(locale, 'sms_verification_code', { code }));
}

/**
 * Sends a new code by SMS to a registered number that is not verified yet (replacing the previous
 * one); silent for other numbers, after the same work (the throttle and a code hash).
 * @throws ApiError 400 (not a Malaysian mobile number), 429 'too_many_sms_requests' (3 per 15 minutes).
 */
export async function sendPhoneVerification(db: Db, services: ApiServices, rawPhone: string, locale: Locale, now = clock.now()): Promise<void> {
  const mobile = memberMobile(rawPhone);
  if (!mobile) throw invalidPayload('phone: not a Malaysian mobile number');
  await throttleSms(services, mobile);
  const { code, codeHash } = await newPhoneCode();
  const customer = await findByMobile(db, mobile);
  if (!customer || customer.verified) return;
  await storePhoneCode(db, customer.memberCode, codeHash, now);
  await textPhoneCode(services, db, mobile, code, locale);
}

/**
 * Checks `code` for the number; a right one marks the member verified and deletes the code.
 * @throws ApiError 400 (not a Malaysian mobile number), 400 'verification_code_invalid' (wrong,
 * expired, spent or replaced code; no pending code for the number).
 */
export async function verifyPhone(db: Db, rawPhone: string, code: string, now = clock.now()): Promise<void> {
  const mobile = memberMobile(rawPhone);
  if (!mobile) throw invalidPayload('mobile: not a Malaysian mobile number');
  const refused = new ApiError(400, 'verification_code_invalid', {}, { field: 'code' });
  const customer = await findByMobile(db, mobile);
  if (!customer || customer.verified) throw refused;
  // Reserve one try: the row lock makes concurrent checks queue, and each sees the count the others left.
  const [reserved] = await db
    .update(phoneCodes)
    .set({ attempts: sql`${phoneCodes.attempts} + 1` })
    .where(and(eq(phoneCodes.memberCode, customer.memberCode), lt(phoneCodes.attempts, PHONE_CODE_MAX_ATTEMPTS), gt(phoneCodes.expiresAt, now)))
    .returning({ codeHash: phoneCodes.codeHash });
  if (!reserved || !(await passwords.verify(reserved.codeHash, code))) throw refused;
  const verified = await db.transaction(async (tx) => {
    // Spend exactly this code: a code replaced meanwhile by a resend no longer counts.
    const spent = await tx
      .delete(phoneCodes)
      .where(and(eq(phoneCodes.memberCode, customer.memberCode), eq(phoneCodes.codeHash, reserved.codeHash)))
      .returning({ memberCode: phoneCodes.memberCode });
    if (!spent.length) return false;
    await tx.update(customers).set({ verified: true }).where(eq(customers.memberCode, customer.memberCode));
    return true;
  });
  if (!verified) throw refused;
}
