/**
 * Staff of the chain and what each may do (issue "The outlets run the shop" §1; ADR 25). Pure
 * rules, shared by the bundled API, the console at /staff and `npm run ops`.
 *
 * - Roles: `outlet` works the orders of one or more outlets (store codes); `hq` works every
 *   outlet's orders and also manages staff, slot capacity and refunds beyond a short pick.
 * - A login is a username (3–40 of a–z, 0–9, '.', '_', '-') or a Malaysian mobile number, kept in
 *   one canonical form (`canonicalStaffLogin`) so 'Aminah' and 'aminah' are one account.
 * - Passwords: at least `STAFF_PASSWORD_MIN_LENGTH` (10) characters; staff passwords open every
 *   order of an outlet, so longer than a member's minimum (6).
 * - The collection code (spec of the issue §2): `COLLECTION_CODE_LENGTH` digits given to the
 *   shopper when the order is Ready To Pickup and asked at the counter.
 */
import { z } from 'zod';
import { isMalaysianPhone, normalizeMalaysianPhone, PASSWORD_MAX_LENGTH } from './validation';

export const STAFF_ROLES = ['hq', 'outlet'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

/** Shortest staff password, in characters. */
export const STAFF_PASSWORD_MIN_LENGTH = 10;
/** Digits of the collection code shown to the shopper while the order is Ready To Pickup. */
export const COLLECTION_CODE_LENGTH = 6;
/** Wrong collection codes allowed per order within `COLLECTION_CODE_WINDOW_S` before tries wait. */
export const COLLECTION_CODE_FREE_FAILURES = 5;
export const COLLECTION_CODE_WINDOW_S = 15 * 60;
/** A staff session lasts 12 hours (a working day), then staff log in again. */
export const STAFF_SESSION_MAX_AGE_S = 12 * 60 * 60;

/** Who a staff member is, as every staff operation sees them. */
export type StaffIdentity = {
  id: number;
  login: string;
  name: string;
  role: StaffRole;
  /** Store codes an `outlet` member works for; empty for `hq` (all outlets). */
  outlets: string[];
};

const USERNAME = /^[a-z0-9._-]{3,40}$/;

/**
 * The canonical form of a login, or null when it is neither a username nor a Malaysian mobile:
 * a username lower-cased ('Aminah.K' → 'aminah.k'); a mobile number as international digits
 * ('012-345 6789' → '60123456789').
 */
export function canonicalStaffLogin(raw: string): string | null {
  const s = raw.trim();
  if (/^[+\d][\d\s-]{6,}$/.test(s)) return isMalaysianPhone(s) ? normalizeMalaysianPhone(s) : null;
  const lower = s.toLowerCase();
  return USERNAME.test(lower) ? lower : null;
}

/*
 * The schemas' messages are message-catalogue keys (as src/domain/validation.ts's): the API answers
 * them in the caller's language.
 */

/** A store code as the schema holds them: 'S001'. */
export const storeCodeSchema = z.string().trim().regex(/^S\d{3}$/, 'staff_outlet_invalid');

export const staffLoginSchema = z
  .string()
  .max(60)
  .transform((v, ctx) => {
    const login = canonicalStaffLogin(v);
    if (!login) ctx.addIssue({ code: 'custom', message: 'staff_login_invalid' });
    return login ?? '';
  });

export const staffPasswordSchema = z.string().min(STAFF_PASSWORD_MIN_LENGTH, 'staff_password_min').max(PASSWORD_MAX_LENGTH, 'max_200');

/**
 * A new staff member: login, name, password, role and outlets. An `outlet` member needs at least
 * one outlet; an `hq` member has none (every outlet).
 */
export const newStaffSchema = z
  .object({
    login: staffLoginSchema,
    name: z.string().trim().min(1, 'field_required').max(80, 'staff_name_max'),
    password: staffPasswordSchema,
    role: z.enum(STAFF_ROLES),
    outlets: z.array(storeCodeSchema).max(50).default([]),
  })
  .refine((s) => s.role === 'hq' || s.outlets.length > 0, { message: 'staff_outlets_required', path: ['outlets'] })
  .transform((s) => ({ ...s, outlets: s.role === 'hq' ? [] : [...new Set(s.outlets)].sort() }));

/** True when `staff` works the orders of outlet `storeCode` (hq: every outlet). */
export function worksAtOutlet(staff: Pick<StaffIdentity, 'role' | 'outlets'>, storeCode: string): boolean {
  return staff.role === 'hq' || staff.outlets.includes(storeCode);
}

/**
 * The outlets `staff` may see, narrowed by a wanted one: hq → [wanted] or null (all); an outlet
 * member → [wanted] when it is theirs, [] when it is not, else their own list.
 */
export function visibleOutlets(staff: Pick<StaffIdentity, 'role' | 'outlets'>, wanted?: string): string[] | null {
  if (staff.role === 'hq') return wanted ? [wanted] : null;
  if (wanted) return staff.outlets.includes(wanted) ? [wanted] : [];
  return staff.outlets;
}

/** A collection code is exactly `COLLECTION_CODE_LENGTH` digits (spaces the shopper reads out are ignored). */
export function normalizeCollectionCode(raw: string): string | null {
  const digits = raw.replace(/[\s-]/g, '');
  return new RegExp(`^\\d{${COLLECTION_CODE_LENGTH}}$`).test(digits) ? digits : null;
}

/**
 * The board's columns (the console at /staff): what the outlet does next with an order.
 * - `unpaid`: placed, not paid yet (nothing to pick until it is);
 * - `to_pick`: Paid; `ready`: Ready To Pickup; `delivering`: out for delivery;
 * - `done`: collected or delivered (Waiting Comment, Completed); `cancelled`.
 */
export const BOARD_COLUMNS = ['to_pick', 'ready', 'delivering', 'done', 'unpaid', 'cancelled'] as const;
export type BoardColumn = (typeof BOARD_COLUMNS)[number];

/** The board column of an order status. 'Paid' → 'to_pick'; 'Completed' → 'done'. */
export function boardColumn(status: string): BoardColumn {
  switch (status) {
    case 'Paid':
      return 'to_pick';
    case 'Ready To Pickup':
      return 'ready';
    case 'Delivering':
      return 'delivering';
    case 'Waiting Comment':
    case 'Completed':
      return 'done';
    case 'Cancelled':
      return 'cancelled';
    default:
      return 'unpaid';
  }
}
