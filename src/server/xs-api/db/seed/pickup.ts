/**
 * Fulfilment settings: the single self pick-up rule row (table `pickup_settings`, coverage.md §3 Pickup
 * settings and §5 Pick-up date) and delivery fees per state (table `delivery_rates`).
 */
import type { deliveryRates, pickupSettings } from '../schema/catalogue';
import { KLANG_VALLEY_STATES, STATES } from './states.ts';

export type PickupSettingsRow = typeof pickupSettings.$inferInsert;
export type DeliveryRateRow = typeof deliveryRates.$inferInsert;

/**
 * The shops' opening hours, which are also the pick-up hours (coverage.md §1 "Monday to Friday, 8.00 a.m.
 * to 5.30 p.m."; every opening-hours text on the site is made from this row): open 08:00, close
 * 17:30, Monday to Friday (flags Sunday..Saturday), 30-minute slots (the last one 17:00–17:30), at
 * least one day ahead.
 */
export const PICKUP_SETTINGS: PickupSettingsRow = {
  id: 1,
  pickupMinTime: 1,
  pickupMinTimeRange: '08:00',
  pickupMaxTimeRange: '17:30',
  pickupDaysRange: '0,1,1,1,1,1,0',
  slotMinutes: 30,
};

/**
 * Klang Valley (KUL, SGR, PJY): RM 5.00 plus RM 0.50 per km, free from RM 150.00.
 * Elsewhere: RM 8.00 plus RM 0.80 per km, never free.
 */
export const DELIVERY_RATES: DeliveryRateRow[] = STATES.map(({ stateCode }) =>
  KLANG_VALLEY_STATES.includes(stateCode)
    ? { stateCode, baseSen: 500, perKmSen: 50, freeAboveSen: 15000 }
    : { stateCode, baseSen: 800, perKmSen: 80, freeAboveSen: null },
);
