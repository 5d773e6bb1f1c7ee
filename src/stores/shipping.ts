/**
 * The delivery choice, saved locally as `shipping` and restored on load (spec §4 Delivery method modal,
 * §3 Delivery method).
 */
import { persistentJSON } from '@nanostores/persistent';

export type ShippingStore = {
  store_code: string;
  store_no: string;
  store_name: string;
  store_address: string;
  store_phone: string;
  store_pickdel: 'DELIVERY' | 'PICKUP' | 'BOTHPD';
  distance_km: number | null;
};

export type ShippingAddress = { add_id: number; add_person: string; add_address1: string; add_address2: string; add_city: string; add_postcode: string; add_state: string; add_phone: string };

/** type DELIVERY or PICKUP; date YYYY-MM-DD and time HH:mm for a pick-up. */
export type Shipping = {
  type: 'DELIVERY' | 'PICKUP';
  store: ShippingStore;
  address: ShippingAddress | null;
  /** The state of the address the stores were looked up from. */
  state: string;
  date?: string;
  time?: string;
};

export const $shipping = persistentJSON<Shipping | null>('shipping', null);

/** True when a stored choice is complete enough to shop with (spec §4: type, store and state). */
export function isShippingComplete(s: Shipping | null | undefined): s is Shipping {
  return !!s && !!s.type && !!s.store?.store_no && !!s.state && (s.type === 'DELIVERY' || (!!s.date && !!s.time));
}

/** Mirrors the chosen store_no into the `xs_store` cookie for server-rendered pages (src/server/store-cookie.ts). */
if (typeof document !== 'undefined') {
  $shipping.subscribe((s) => {
    const maxAge = s?.store?.store_no ? 30 * 24 * 3600 : 0;
    document.cookie = `xs_store=${encodeURIComponent(s?.store?.store_no ?? '')}; path=/; max-age=${maxAge}; samesite=lax`;
  });
}
