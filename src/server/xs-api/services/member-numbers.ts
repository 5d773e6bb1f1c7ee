/**
 * Members by mobile number, and the SMS throttle, shared by registration, password resets and phone
 * verification (coverage.md §7 insert_customer, retrieve_password_by_SMS, phone_verification).
 */
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { customers } from '../db/schema';
import { TooManyRequests } from '../errors';
import type { ApiServices } from '../http';
import { normaliseMobile } from './customers';
import { isMalaysianPhone } from '../../../domain/validation';

/** A Malaysian mobile number (01x…) as stored, '0123456789'; null when not one. */
export function memberMobile(value: string): string | null {
  if (!isMalaysianPhone(value)) return null;
  const local = normaliseMobile(value);
  return /^01\d{8,9}$/.test(local) ? local : null;
}

/** The member with this stored mobile number ('0123456789'), or null. */
export async function findByMobile(db: Db, mobile: string) {
  const [c] = await db.select().from(customers).where(eq(customers.mobile, mobile)).limit(1);
  return c ?? null;
}

/** Counts one SMS request for a number (3 per 15 minutes). @throws TooManyRequests 429 'too_many_sms_requests' (Retry-After). */
export async function throttleSms(services: ApiServices, mobile: string): Promise<void> {
  const wait = await services.smsThrottle.take(mobile);
  if (wait > 0) throw new TooManyRequests(wait, 'too_many_sms_requests', { minutes: Math.ceil(wait / 60) });
}
