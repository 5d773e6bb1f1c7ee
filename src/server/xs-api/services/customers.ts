/**
 * Members: login with mobile and password (argon2id), profile (coverage.md §3 Customer, §7 customer_login,
 * customer_detail).
 */
import { eq } from 'drizzle-orm';
import type { Profile } from '../../../lib/xs-api/contract';
import type { Db } from '../db/client';
import { customers, type Customer } from '../db/schema';
import { ApiError, TooManyRequests } from '../errors';
import { dummyPasswordHash, passwords } from './passwords';
import { createSession } from './sessions';
import type { LoginThrottle } from '../adapters/rate-limit';
import { shopDate } from '../../../domain/shop-time';
import { hasClaimedThisYear, isBirthdayMonth } from '../../../domain/birthday';
import { clock } from '../../clock';

/** Normalises a Malaysian mobile number for lookup: digits only, '+60'/'60' prefix turned into '0'. */
export function normaliseMobile(mobile: string): string {
  const digits = mobile.replace(/\D/g, '');
  return digits.startsWith('60') ? `0${digits.slice(2)}` : digits;
}

/**
 * Checks credentials and opens a session. An unknown number costs the same work as a member's (one
 * argon2 verification, against a dummy hash), so the answer time does not tell who is a member.
 * Failures slow the number and the client `ip` down (adapters/rate-limit.ts LoginThrottle).
 * @throws ApiError 401 'login_failed' for an unknown mobile or a wrong password (same answer for both);
 *   TooManyRequests 429 'too_many_login_attempts' (Retry-After seconds) while the number or the IP
 *   must wait after repeated failures.
 */
export async function login(db: Db, throttle: LoginThrottle, mobile: string, password: string, ip: string | null = null) {
  const key = normaliseMobile(mobile);
  const wait = await throttle.blockedFor(key, ip);
  if (wait > 0) throw new TooManyRequests(wait, 'too_many_login_attempts');
  const [customer] = await db.select().from(customers).where(eq(customers.mobile, key)).limit(1);
  const ok = await passwords.verify(customer?.passwordHash ?? (await dummyPasswordHash()), password);
  if (!customer || !ok) {
    await throttle.fail(key, ip);
    throw new ApiError(401, 'login_failed');
  }
  await throttle.reset(key);
  const { token, expiresAt } = await createSession(db, customer.memberCode);
  return { member_code: customer.memberCode, token, expires_at: expiresAt.toISOString(), customer_firstname: customer.firstName };
}

/** Maps a member row to the contract's profile. `now` decides is_birthday (Malaysian date). */
export function toProfile(c: Customer, now = clock.now()): Profile {
  const today = shopDate(now);
  return {
    member_code: c.memberCode,
    customer_firstname: c.firstName,
    customer_lastname: c.lastName,
    customer_mobile: c.mobile,
    customer_email: c.email,
    customer_picture: c.picture,
    customer_point: c.points,
    birthday_claimed: hasClaimedThisYear(c.birthdayClaimedYear, today) ? 1 : 0,
    is_birthday: isBirthdayMonth(c.birthday, today) ? 1 : 0,
    language: c.language,
    phone_verified: c.verified ? 1 : 0,
  };
}

/** @throws ApiError 404 when the member does not exist. */
export async function getCustomer(db: Db, memberCode: string): Promise<Customer> {
  const [c] = await db.select().from(customers).where(eq(customers.memberCode, memberCode)).limit(1);
  if (!c) throw new ApiError(404, 'api_not_found');
  return c;
}
