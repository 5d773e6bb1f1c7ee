/**
 * The outlets page (coverage.md §1 "22 outlets", §2 /outlets, §3 Store): outlets grouped by state, what
 * each offers, and links to call it or open it in a maps app.
 */
import type { StorePickDel } from './constants';
import { parseLatLong, type LatLng } from './delivery';

/** The fields of a store (contract `store`) this module reads. */
export interface OutletLike {
  store_name: string;
  store_state: string;
  store_phone: string;
  store_lat_long: string;
  store_pickdel: StorePickDel;
}

/** Outlets grouped by state: states by name, outlets keeping their order (store_no) within each. */
export function groupByState<T extends OutletLike>(outlets: readonly T[]): { state: string; outlets: T[] }[] {
  const groups = new Map<string, T[]>();
  for (const o of outlets) {
    const list = groups.get(o.store_state) ?? [];
    list.push(o);
    groups.set(o.store_state, list);
  }
  return [...groups.entries()].sort(([a], [b]) => a.localeCompare(b, 'en')).map(([state, list]) => ({ state, outlets: list }));
}

/** What an outlet offers: 'BOTHPD' is both pick-up and delivery. */
export function outletServices(pickdel: StorePickDel): { pickup: boolean; delivery: boolean } {
  return { pickup: pickdel !== 'DELIVERY', delivery: pickdel !== 'PICKUP' };
}

/** A `tel:` URL from a printed number: '03-8060 5521' → 'tel:+60380605521' (Malaysian numbers get +60). */
export function telHref(phone: string): string {
  const digits = phone.replace(/[^\d+]/g, '');
  if (digits.startsWith('+')) return `tel:${digits}`;
  if (digits.startsWith('0')) return `tel:+60${digits.slice(1)}`;
  return `tel:${digits}`;
}

/** A Google Maps search link for 'lat,long'; null when `parseLatLong` refuses the location (not two numbers in range). */
export function mapsHref(latLong: string): string | null {
  let point: LatLng;
  try {
    point = parseLatLong(latLong);
  } catch {
    return null;
  }
  return `https://www.google.com/maps/search/?api=1&query=${point.latitude},${point.longitude}`;
}
