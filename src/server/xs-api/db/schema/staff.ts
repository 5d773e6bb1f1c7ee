/**
 * Staff and the outlets' capacity (issue "The outlets run the shop" §1, §3; ADR 25).
 *
 * - `staff`: one row per person, with an argon2id password hash and a role (src/domain/staff.ts);
 *   never deleted (the history names them), disabled with `active`.
 * - `staff_outlets`: the outlets an `outlet` member works for.
 * - `staff_sessions`: console logins and the CLI's personal tokens, as members' sessions are: a
 *   random token stored as its SHA-256, with an expiry, revoked on logout, disable or password reset.
 * - `staff_events`: what was done to staff accounts and outlet settings, and by whom (null: the
 *   bootstrap token of `npm run ops`).
 * - `outlet_capacity`: an outlet's own pick-up slot and delivery-day capacity, set by HQ.
 * - `capacity_bookings`: the places taken per outlet and pick-up slot (or delivery day), kept by the
 *   order transactions (services/orders/capacity.ts).
 */
import { boolean, date, index, integer, pgTable, primaryKey, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { STAFF_ROLES } from '../../../../domain/staff';
import { LOCALES } from '../../../../domain/constants';
import { stores } from './catalogue';
import { clock } from '../../../clock';

export const staff = pgTable('staff', {
  id: serial('id').primaryKey(),
  /** Canonical login (`canonicalStaffLogin`): a lower-case username or international mobile digits. */
  login: text('login').notNull().unique(),
  name: text('name').notNull(),
  passwordHash: text('password_hash').notNull(),
  role: text('role', { enum: STAFF_ROLES }).notNull(),
  active: boolean('active').notNull().default(true),
  /** The console's language for this person. */
  language: text('language', { enum: LOCALES }).notNull().default('en'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow().$defaultFn(() => clock.now()),
});

export const staffOutlets = pgTable(
  'staff_outlets',
  {
    staffId: integer('staff_id').notNull().references(() => staff.id),
    storeCode: text('store_code').notNull().references(() => stores.storeCode),
  },
  (t) => [primaryKey({ columns: [t.staffId, t.storeCode] }), index('staff_outlets_store_idx').on(t.storeCode)],
);

export const staffSessions = pgTable(
  'staff_sessions',
  {
    /** SHA-256 of the token, hex; the token itself is never stored. */
    tokenHash: text('token_hash').primaryKey(),
    staffId: integer('staff_id').notNull().references(() => staff.id),
    /** 'console' (the /staff cookie) or 'cli' (`npm run ops -- login`). */
    client: text('client', { enum: ['console', 'cli'] }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow().$defaultFn(() => clock.now()),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [index('staff_sessions_staff_idx').on(t.staffId)],
);

export const staffEvents = pgTable(
  'staff_events',
  {
    id: serial('id').primaryKey(),
    /** Who did it; null for the bootstrap token. */
    actorStaffId: integer('actor_staff_id').references(() => staff.id),
    /** 'staff_added', 'staff_disabled', 'password_reset', 'capacity_set'. */
    action: text('action').notNull(),
    /** The staff member or outlet it concerns ('aminah', 'S001'). */
    subject: text('subject').notNull(),
    detail: text('detail').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow().$defaultFn(() => clock.now()),
  },
  (t) => [index('staff_events_subject_idx').on(t.subject, t.id)],
);

export const outletCapacity = pgTable('outlet_capacity', {
  storeCode: text('store_code').primaryKey().references(() => stores.storeCode),
  /** Orders per pick-up slot; null: the default (PICKUP_SLOT_CAPACITY). */
  pickupSlotCapacity: integer('pickup_slot_capacity'),
  /** Delivery orders per day; null: the default (DELIVERY_DAY_CAPACITY). */
  deliveryDayCapacity: integer('delivery_day_capacity'),
  updatedBy: integer('updated_by').references(() => staff.id),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow().$defaultFn(() => clock.now()),
});

/**
 * Places taken: one row per outlet, kind, date and time ('' for a delivery day). `taken` only moves
 * inside an order's transaction, by one, with a guard against going over the capacity.
 */
export const capacityBookings = pgTable(
  'capacity_bookings',
  {
    storeCode: text('store_code').notNull().references(() => stores.storeCode),
    kind: text('kind', { enum: ['PICKUP', 'DELIVERY'] }).notNull(),
    date: date('date').notNull(),
    time: text('time').notNull().default(''),
    taken: integer('taken').notNull(),
  },
  (t) => [primaryKey({ columns: [t.storeCode, t.kind, t.date, t.time] })],
);
