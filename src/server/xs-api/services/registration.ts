/**
 * Registration, forgotten passwords and phone verification (spec §7 insert_customer,
 * retrieve_password_by_SMS, reset_password, phone_verification; DESIGN Security and Adapters).
 * Passwords are argon2id hashes; reset tokens are random, stored as SHA-256, valid 30 minutes and
 * used once; a reset revokes every session of the member.
 */
import { createHash, randomBytes, randomInt } from 'node:crypto';
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Db } from '../db/client';
import { customers, passwordResets } from '../db/schema';
import { ApiError, invalidPayload, TooManyRequests } from '../errors';
import { passwords } from './passwords';
import { normaliseMobile } from './customers';
import { revokeMemberSessions } from './sessions';
import type { ApiServices } from '../http';
import { isMalaysianPhone, normalizeMalaysianPhone } from '../../../domain/validation';
import { localizePath, translate, type Locale } from '../../../i18n/messages';

/** Reset links last 30 minutes. */
export const RESET_TOKEN_TTL_MS = 30 * 60 * 1000;

const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');

/** A Malaysian mobile number (01x…) as stored, '0123456789'; null when not one. */
export function memberMobile(value: string): string | null {
  if (!isMalaysianPhone(value)) return null;
  const local = normaliseMobile(value);
  return /^01\d{8,9}$/.test(local) ? local : null;
}

async function findByMobile(db: Db, mobile: string) {
  const [c] = await db.select().from(customers).where(eq(customers.mobile, mobile)).limit(1);
  return c ?? null;
}

/**
 * Creates a member with a unique code 'M' + 6 digits.
 * @throws ApiError 400 (not a Malaysian mobile number), 409 'mobile_registered'.
 */
export async function registerCustomer(
  db: Db,
  input: { customer_firstname: string; customer_mobile: string; password: string; customer_email?: string },
  locale: Locale,
): Promise<{ member_code: string }> {
  const mobile = memberMobile(input.customer_mobile);
  if (!mobile) throw invalidPayload('customer_mobile: not a Malaysian mobile number');
  if (await findByMobile(db, mobile)) throw new ApiError(409, 'mobile_registered');
  const passwordHash = await passwords.hash(input.password);
  for (let attempt = 0; attempt < 8; attempt++) {
    const memberCode = `M${String(randomInt(0, 1_000_000)).padStart(6, '0')}`;
    const rows = await db
      .insert(customers)
      .values({ memberCode, firstName: input.customer_firstname, mobile, email: input.customer_email || null, passwordHash, language: locale })
      .onConflictDoNothing()
      .returning({ memberCode: customers.memberCode });
    if (rows.length) return { member_code: memberCode };
    if (await findByMobile(db, mobile)) throw new ApiError(409, 'mobile_registered');
  }
  throw new Error('could not allocate a member code');
}

/** Counts one SMS request for a number. @throws TooManyRequests 429 'too_many_sms_requests' (Retry-After). */
async function throttle(services: ApiServices, mobile: string) {
  const wait = await services.smsThrottle.take(mobile);
  if (wait > 0) throw new TooManyRequests(wait, 'too_many_sms_requests', { minutes: Math.ceil(wait / 60) });
}

/**
 * Sends a reset link by SMS when the number belongs to a member; silent otherwise.
 * @throws ApiError 400 (not a Malaysian mobile number), 429 (more than 3 requests in 15 minutes).
 */
export async function requestPasswordReset(db: Db, services: ApiServices, rawMobile: string, locale: Locale, now = new Date()): Promise<void> {
  const mobile = memberMobile(rawMobile);
  if (!mobile) throw invalidPayload('mobile: not a Malaysian mobile number');
  await throttle(services, mobile);
  const customer = await findByMobile(db, mobile);
  if (!customer) return;
  const token = randomBytes(32).toString('base64url');
  await db.insert(passwordResets).values({ tokenHash: sha256(token), memberCode: customer.memberCode, expiresAt: new Date(now.getTime() + RESET_TOKEN_TTL_MS) });
  const link = `${services.siteUrl}${localizePath(locale, '/password-reset')}?token=${token}`;
  await services.sms.send(db, normalizeMalaysianPhone(mobile), translate(locale, 'sms_reset_link', { link }));
}

/**
 * Sets a new password with a reset token, marks the token used and revokes all sessions. The token
 * is looked up before the new password is hashed, so a wrong token costs no hashing.
 * @throws ApiError 400 'reset_token_expired' for an unknown, used or expired token.
 */
export async function resetPassword(db: Db, token: string, password: string, now = new Date()): Promise<void> {
  const live = and(eq(passwordResets.tokenHash, sha256(token)), isNull(passwordResets.usedAt), gt(passwordResets.expiresAt, now));
  const [found] = await db.select({ memberCode: passwordResets.memberCode }).from(passwordResets).where(live).limit(1);
  if (!found) throw new ApiError(400, 'reset_token_expired');
  const passwordHash = await passwords.hash(password);
  const memberCode = await db.transaction(async (tx) => {
    const [row] = await tx
      .update(passwordResets)
      .set({ usedAt: now })
      .where(live)
      .returning({ memberCode: passwordResets.memberCode });
    if (!row) return null;
    await tx.update(customers).set({ passwordHash }).where(eq(customers.memberCode, row.memberCode));
    return row.memberCode;
  });
  if (!memberCode) throw new ApiError(400, 'reset_token_expired');
  await revokeMemberSessions(db, memberCode);
}

/**
 * Sends a 6-digit verification code by SMS to a registered number; silent for other numbers.
 * @throws ApiError 400 (not a Malaysian mobile number), 429 (throttled).
 */
export async function sendPhoneVerification(db: Db, services: ApiServices, rawPhone: string, locale: Locale): Promise<void> {
  const mobile = memberMobile(rawPhone);
  if (!mobile) throw invalidPayload('phone: not a Malaysian mobile number');
  await throttle(services, mobile);
  if (!(await findByMobile(db, mobile))) return;
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  await services.sms.send(db, normalizeMalaysianPhone(mobile), translate(locale, 'sms_verification_code', { code }));
}
