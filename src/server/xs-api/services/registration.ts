/**
 * Registration and forgotten passwords (coverage.md §7 insert_customer, retrieve_password_by_SMS,
 * reset_password; docs/architecture.md Security and Adapters). Passwords are argon2id hashes; reset tokens are
 * random, stored as SHA-256, valid 30 minutes and used once; a reset revokes every session of the
 * member. Phone verification codes: ./phone-verification.ts.
 */
import { createHash, randomBytes, randomInt } from 'node:crypto';
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Db } from '../db/client';
import { customers, passwordResets } from '../db/schema';
import { ApiError, invalidPayload } from '../errors';
import { findByMobile, memberMobile, throttleSms } from './member-numbers';
import { passwords } from './passwords';
import { revokeMemberSessions } from './sessions';
import { newPhoneCode, storePhoneCode, textPhoneCode } from './phone-verification';
import type { ApiServices } from '../http';
import { normalizeMalaysianPhone } from '../../../domain/validation';
import { localizePath, translate, type Locale } from '../../../i18n/messages';
import { clock } from '../../clock';

/** Reset links last 30 minutes. */
export const RESET_TOKEN_TTL_MS = 30 * 60 * 1000;

const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');

/**
 * Registration that does not reveal whether the number is a member's (issue "account area" item
 * 12): the same answer and the same work for a new and a registered number (the SMS throttle, an
 * argon2id hash of the password and of a verification code, one text message). A new number gets
 * an unverified member with a unique code 'M' + 6 digits, in `locale`, and the code by SMS (valid 10
 * minutes); a registered number gets an SMS saying it already has an account, with the address of
 * the forgotten-password page. Two registrations of one new number at once: one member, and the
 * other is told by SMS that the number has an account.
 * @throws ApiError 400 (not a Malaysian mobile number), 429 'too_many_sms_requests'.
 */
export async function registerCustomer(
  db: Db,
  services: ApiServices,
  input: { customer_firstname: string; customer_mobile: string; password: string; customer_email?: string },
  locale: Locale,
  now = clock.now(),
): Promise<void> {
  const mobile = memberMobile(input.customer_mobile);
  if (!mobile) throw invalidPayload('customer_mobile: not a Malaysian mobile number');
  await throttleSms(services, mobile);
  const passwordHash = await passwords.hash(input.password);
  const { code, codeHash } = await newPhoneCode();
  const memberCode = await insertUnverified(db, { firstName: input.customer_firstname, mobile, email: input.customer_email || null, passwordHash, language: locale });
  if (!memberCode) {
    const link = `${services.siteUrl}${localizePath(locale, '/forgot-password')}`;
    await services.sms.send(db, normalizeMalaysianPhone(mobile), translate(locale, 'sms_already_registered', { link }));
    return;
  }
  await storePhoneCode(db, memberCode, codeHash, now);
  await textPhoneCode(services, db, mobile, code, locale);
}

/** Inserts an unverified member under a fresh code; null when the mobile number is already registered. */
async function insertUnverified(db: Db, values: Omit<typeof customers.$inferInsert, 'memberCode' | 'verified'>): Promise<string | null> {
  for (let attempt = 0; attempt < 8; attempt++) {
    const memberCode = `M${String(randomInt(0, 1_000_000)).padStart(6, '0')}`;
    const rows = await db
      .insert(customers)
      .values({ ...values, memberCode, verified: false })
      .onConflictDoNothing()
      .returning({ memberCode: customers.memberCode });
    if (rows.length) return memberCode;
    if (await findByMobile(db, values.mobile)) return null;
  }
  throw new Error('could not allocate a member code');
}

/**
 * Sends a reset link by SMS when the number belongs to a member; silent otherwise.
 * @throws ApiError 400 (not a Malaysian mobile number), 429 (more than 3 requests in 15 minutes).
 */
export async function requestPasswordReset(db: Db, services: ApiServices, rawMobile: string, locale: Locale, now = clock.now()): Promise<void> {
  const mobile = memberMobile(rawMobile);
  if (!mobile) throw invalidPayload('mobile: not a Malaysian mobile number');
  await throttleSms(services, mobile);
  const customer = await findByMobile(db, mobile);
  if (!customer) return;
  const token = randomBytes(32).toString('base64url');
  await db.insert(passwordResets).values({ tokenHash: sha256(token), memberCode: customer.memberCode, expiresAt: new Date(now.getTime() + RESET_TOKEN_TTL_MS) });
  const link = `${services.siteUrl}${localizePath(locale, '/password-reset')}?token=${token}`;
  await services.sms.send(db, normalizeMalaysianPhone(mobile), translate(locale, 'sms_reset_link', { link }));
}

/**
 * Sets a new password with a reset token, marks the token used and revokes all sessions. The token
 * is looked up before the new password is hashed, so a wrong token costs no hashing. The link came
 * by SMS, so it also marks the number verified (a number someone else registered and never
 * verified is taken back by its owner this way).
 * @throws ApiError 400 'reset_token_expired' for an unknown, used or expired token.
 */
export async function resetPassword(db: Db, token: string, password: string, now = clock.now()): Promise<void> {
  const live = and(eq(passwordResets.tokenHash, sha256(token)), isNull(passwordResets.usedAt), gt(passwordResets.expiresAt, now));
  const [found] = await db.select({ memberCode: passwordResets.memberCode }).from(passwordResets).where(live).limit(1);
  if (!found) throw new ApiError(400, 'reset_token_expired');
  const passwordHash = await passwords.hash(password);
  const memberCode = await db.transaction(async (tx) => {
    const [row] = await tx.update(passwordResets).set({ usedAt: now }).where(live).returning({ memberCode: passwordResets.memberCode });
    if (!row) return null;
    // The link went by SMS to the member's number: following it proves the number too.
    await tx.update(customers).set({ passwordHash, verified: true }).where(eq(customers.memberCode, row.memberCode));
    return row.memberCode;
  });
  if (!memberCode) throw new ApiError(400, 'reset_token_expired');
  await revokeMemberSessions(db, memberCode);
}
