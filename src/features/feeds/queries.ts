/**
 * The member's feeds (coverage.md §2 /account/feeds; §7 notification_listing): notifications newest first,
 * in the shopper's language, with when they came (shop time) and whether they are read.
 */
import { formatShopDateTime } from '../../domain/pickup';
import { memberApi, type FeatureContext } from '../shared/api';

/** One notification as the feeds page shows it. */
export type FeedView = { id: number; title: string; body: string; atLabel: string; at: string; read: boolean; orderRefno: string | null };

/** How many notifications the feeds page shows at once. */
const FEEDS_PAGE = 50;

/**
 * The member's latest notifications and how many are unread.
 * @throws XsApiError when the call fails (401 for a guest or an expired session).
 */
export async function listFeeds(ctx: FeatureContext): Promise<{ feeds: FeedView[]; unread: number; total: number }> {
  const answer = await memberApi(ctx).call('notification_listing', { query: { limit: `0,${FEEDS_PAGE}` } });
  return {
    unread: answer.unread,
    total: answer.total,
    feeds: answer.data.map((n) => ({ id: n.id, title: n.title, body: n.body, at: n.created_at, atLabel: formatShopDateTime(new Date(n.created_at), ctx.locals.locale), read: n.read, orderRefno: n.order_refno })),
  };
}
