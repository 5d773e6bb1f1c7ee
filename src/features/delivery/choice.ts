/**
 * The delivery choice (coverage.md §3 Delivery method: type, store, address, date, time; §4 Delivery method
 * modal) as one zod schema, shared by the browser (the modal checks what it saves) and the server
 * (it reads the choice back from its cookie, ./choice-cookie.ts). The types are inferred from it, so
 * the shape is written once.
 *
 * Pick-up dates are YYYY-MM-DD and times HH:mm (coverage.md §9); `store_no` is what the contract's
 * `?store=` takes. A DELIVERY choice needs no date or time.
 *
 * The schemas are built on first use, not when the module loads: page scripts import this module
 * (through the cookie writer) and must not ship zod (~24 KB gzip) on catalogue pages that only
 * write the cookie (docs/architecture.md Budgets: 15 KB of JavaScript).
 */
import { z } from 'zod';
import { DELIVERY_TYPES, STORE_PICKDEL } from '../../domain/constants';

function build() {
  const text = (max: number) => z.string().max(max);
  /** A store_no as the contract takes it (`get_cart?store=`): letters, digits, '_' or '-', up to 20. */
  const storeNo = z.string().regex(/^[A-Za-z0-9_-]{1,20}$/);
  /** The chosen outlet: what the header, cart and checkout show of it. */
  const store = z.object({
    store_code: text(30),
    store_no: storeNo,
    store_name: text(200),
    store_address: text(255),
    store_phone: text(50),
    store_pickdel: z.enum(STORE_PICKDEL),
    distance_km: z.number().nonnegative().nullable(),
  });
  /** The member's address the stores were looked up from (coverage.md §3 Address fields). */
  const address = z.object({
    add_id: z.number().int(),
    add_person: text(100),
    add_address1: text(255),
    add_address2: text(255),
    add_city: text(100),
    add_postcode: text(180),
    add_state: text(100),
    add_phone: text(50),
  });
  /** The saved delivery choice (localStorage `shipping`, and the choice cookie). */
  const shipping = z.object({
    type: z.enum(DELIVERY_TYPES),
    store,
    address: address.nullable(),
    /** The state of the address the stores were looked up from. */
    state: text(100),
    /** Pick-up date, YYYY-MM-DD (PICKUP only). */
    date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/).optional(),
    /** Pick-up time, HH:mm (PICKUP only). */
    time: z.string().regex(/^\d{2}:\d{2}$/).optional(),
  });
  return { storeNo, store, address, shipping };
}

type Schemas = ReturnType<typeof build>;
let built: Schemas | undefined;

/** The zod schemas of the choice: `shipping` (the whole), `store`, `address`, `storeNo`. */
export function choiceSchemas(): Schemas {
  return (built ??= build());
}

export type ShippingStore = z.infer<Schemas['store']>;
export type ShippingAddress = z.infer<Schemas['address']>;
/** type DELIVERY or PICKUP; date YYYY-MM-DD and time HH:mm for a pick-up. */
export type Shipping = z.infer<Schemas['shipping']>;

/** A value checked against the schema: the choice, or null when it is not one (never throws). */
export function toShipping(value: unknown): Shipping | null {
  const parsed = choiceSchemas().shipping.safeParse(value);
  return parsed.success ? parsed.data : null;
}
