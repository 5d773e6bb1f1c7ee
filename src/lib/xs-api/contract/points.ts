/**
 * Membership points history (coverage.md §2 /account/my-rewards/membership-points-history and /{transno}).
 * The spec names no operation for it (§7), so these paths are the shop's own: points_history and
 * points_history_detail.
 */
import { z } from 'zod';
import { defineOperation, statusOk } from './operation';
import { POINT_REASONS } from '../../../domain/points';

/** A transaction number: letters, digits, '-' or '_', 1–40 long (anything else answers 400). */
export const TRANSNO_RE = /^[A-Za-z0-9_-]{1,40}$/;

/**
 * One points movement: `points` is signed (earned > 0, spent < 0), `created_at` an ISO time,
 * `store_code` the outlet for a purchase (null otherwise), `balance_after` the balance right after it.
 * `description` is the English text; `reason` (src/domain/points.ts POINT_REASONS) and
 * `reason_params` (codes and numbers: receipt, order, shortfall, voucher; and `voucher_name`, the
 * voucher's name in the caller's language) let a client word the line in its own language (issue 24).
 */
export const pointEntryShape = z.object({
  transno: z.string(),
  points: z.number().int(),
  description: z.string(),
  reason: z.enum(POINT_REASONS),
  reason_params: z.record(z.string(), z.union([z.string(), z.number()])),
  store_code: z.string().nullable(),
  created_at: z.string(),
  balance_after: z.number().int(),
});
export type PointEntry = z.infer<typeof pointEntryShape>;

export const pointsHistory = defineOperation({
  name: 'points_history',
  method: 'GET',
  path: 'points_history/:member',
  member: 'required',
  summary:
    "The member's membership points history (spec §2 membership-points-history), newest first, with the current balance (customer_point). Not named by the spec (§7): the shop's own path.",
  response: z.object({ Status: statusOk, customer_point: z.number().int(), data: z.array(pointEntryShape) }),
});

export const pointsHistoryDetail = defineOperation({
  name: 'points_history_detail',
  method: 'GET',
  path: 'points_history_detail/:member/:transno',
  member: 'required',
  summary:
    "One entry of the member's points history (spec §2 membership-points-history/{transno}); 404 when the member has no entry by that number (unknown or another member's), 400 for a malformed number.",
  response: z.object({ Status: statusOk, data: pointEntryShape }),
});
