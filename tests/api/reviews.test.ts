/**
 * Reviews (coverage.md §3 Review, §7 get_review / add_review): public listing newest first with the
 * average out of 5.0; a member reviews only what they bought and received (the order reached
 * Waiting Comment), once per order; comments are stored exactly as written (rendered as text by the shop).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, DEMO_MEMBER, type Harness } from './harness';
import { placePickupOrder, receivePickupOrder } from './place-order';
import { customers } from '../../src/server/xs-api/db/schema';
import { changeOrderStatus } from '../../src/server/xs-api/services/orders';
import { REVIEWED_PRODUCT } from '../../src/server/xs-api/db/seed';

let h: Harness;
let token: string;
const M: string = DEMO_MEMBER.memberCode;
/** A product no seeded order contains. */
const FRESH = 'P0005';

beforeAll(async () => {
  h = await createHarness();
  token = (await h.login()).token;
  await h.db.insert(customers).values({ memberCode: 'M900019', firstName: 'Other', mobile: '0199990019', passwordHash: 'x' });
});
afterAll(() => h?.close());

describe('get_review', () => {
  it('lists the seeded reviews newest first with the rounded average and counts', async () => {
    const r = await h.call(`get_review/${REVIEWED_PRODUCT}`);
    expect(r.status).toBe(200);
    expect(r.json.Status).toBe(1);
    const rates = r.json.data.map((x: { review_rate: number }) => x.review_rate);
    expect(rates).toEqual([1, 3, 4, 5, 5]);
    expect(r.json.review_count).toBe(5);
    expect(r.json.review_average).toBe(3.6);
    expect(r.json.review_count_by_rate).toEqual({ 0: 0, 1: 1, 2: 0, 3: 1, 4: 1, 5: 2 });
    const dates = r.json.data.map((x: { review_datetime: string }) => Date.parse(x.review_datetime));
    expect([...dates].sort((a, b) => b - a)).toEqual(dates);
    const mine = r.json.data.find((x: { review_rate: number; member: string }) => x.member.startsWith('Mei Ling'));
    expect(mine).toMatchObject({ member: 'Mei Ling T***', avatar: null, review_rate: 5, product_code: REVIEWED_PRODUCT });
    expect(JSON.stringify(r.json)).not.toContain('M000001');
  });

  it('answers an empty list with average 0 for a product without reviews, pages with limit, 404 for an unknown product', async () => {
    const none = await h.call(`get_review/P0100`);
    expect(none.json).toMatchObject({ Status: 1, data: [], review_count: 0, review_average: 0 });
    const page = await h.call(`get_review/${REVIEWED_PRODUCT}?limit=1,2`);
    expect(page.json.data.map((x: { review_rate: number }) => x.review_rate)).toEqual([3, 4]);
    expect(page.json.review_count).toBe(5);
    expect(page.json.review_count_by_rate).toEqual({ 0: 0, 1: 1, 2: 0, 3: 1, 4: 1, 5: 2 });
    // A page past the end has no row to carry the counts: they are read on their own.
    const past = await h.call(`get_review/${REVIEWED_PRODUCT}?limit=20,5`);
    expect(past.json).toMatchObject({ Status: 1, data: [], review_count: 5, review_average: 3.6 });
    expect((await h.call(`get_review/${REVIEWED_PRODUCT}?limit=0,500`)).status).toBe(400);
    const unknown = await h.call('get_review/NOPE');
    expect(unknown.status).toBe(404);
    expect(unknown.json.Error).toBe('Product NOPE was not found.');
  });
});

describe('add_review', () => {
  const review = (extra: Record<string, unknown> = {}) => [{ product_code: FRESH, review_rate: 4, review_comment: 'Nice', ...extra }];

  it('needs the member’s own session: 401 without, 403 for another member', async () => {
    expect((await h.call(`add_review/${M}`, { body: review() })).status).toBe(401);
    const other = await h.call('add_review/M900019', { token, body: review() });
    expect(other.status).toBe(403);
    expect(other.json.Error).toBe('You are not allowed to access this.');
  });

  it('refuses bad payloads with 400', async () => {
    const bad = [
      [...review(), ...review()],
      [],
      review({ review_rate: 6 }),
      review({ review_rate: -1 }),
      review({ review_rate: 4.5 }),
      review({ review_comment: 'x'.repeat(501) }),
      { product_code: FRESH, review_rate: 4 },
      review({ product_code: '' }),
    ];
    for (const body of bad) {
      const r = await h.call(`add_review/${M}`, { token, body });
      expect(r.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(r.json.Status).toBe(0);
      expect(r.json.Error).toMatch(/^Invalid request/);
    }
  });

  it('refuses a product the member has not bought, and an unknown product', async () => {
    const r = await h.call(`add_review/${M}`, { token, body: review() });
    expect(r.status).toBe(403);
    expect(r.json.Error).toBe('You can only review products you have bought.');
    const zh = await h.call(`add_review/${M}`, { token, body: review(), headers: { 'accept-language': 'zh' } });
    expect(zh.json.Error).toBe('您只能评价已购买的商品。');
    expect((await h.call(`add_review/${M}`, { token, body: review({ product_code: 'NOPE' }) })).status).toBe(404);
  });

  it('refuses a product of an order not received yet (before Waiting Comment), in the member\'s language', async () => {
    const refno = await placePickupOrder(h, token, M, ['P0007']);
    for (const [from, to, actor] of [[null, null, null], ['Pending', 'Paid', 'system'], ['Paid', 'Ready To Pickup', 'operator']] as const) {
      if (from) await changeOrderStatus(h.db, { orderRefno: refno, from, to, actor });
      const r = await h.call(`add_review/${M}`, { token, body: review({ product_code: 'P0007' }) });
      expect([r.status, r.json.Status, r.json.Error]).toEqual([403, 0, 'You can review this product once your order has been received.']);
    }
    const ar = await h.call(`add_review/${M}`, { token, body: review({ product_code: 'P0007', order_refno: refno }), headers: { 'accept-language': 'ar' } });
    expect([ar.status, ar.json.Error]).toEqual([403, 'يمكنك تقييم هذا المنتج بعد استلام طلبك.']);
    expect((await h.call(`get_review/P0007`)).json.review_count).toBe(0);
    await changeOrderStatus(h.db, { orderRefno: refno, from: 'Ready To Pickup', to: 'Waiting Comment', actor: 'operator' });
    const ok = await h.call(`add_review/${M}`, { token, body: review({ product_code: 'P0007' }) });
    expect(ok.status, JSON.stringify(ok.json)).toBe(200);
  });

  it('accepts a bought product once per order, storing the comment as written', async () => {
    const refno = await placePickupOrder(h, token, M, [FRESH]);
    await receivePickupOrder(h, refno);
    const comment = '<script>alert("x")</script> Tender & juicy';
    const r = await h.call(`add_review/${M}`, { token, body: review({ review_rate: 5, review_comment: comment }) });
    expect(r.status, JSON.stringify(r.json)).toBe(200);
    expect(r.json).toMatchObject({ Status: 1, data: { product_code: FRESH, review_rate: 5, review_comment: comment, member: 'Mei Ling T***' } });
    const listed = await h.call(`get_review/${FRESH}`);
    expect(listed.json.data[0].review_comment).toBe(comment);
    expect(listed.json.review_average).toBe(5);
    // The same order again, by number or not: 409.
    const again = await h.call(`add_review/${M}`, { token, body: review({ order_refno: refno }) });
    expect(again.status).toBe(409);
    expect(again.json.Error).toBe('You have already reviewed this product for this order.');
    expect((await h.call(`add_review/${M}`, { token, body: review() })).status).toBe(409);
    // A second order of the same product may be reviewed too, once received.
    const second0 = await placePickupOrder(h, token, M, [FRESH]);
    expect((await h.call(`add_review/${M}`, { token, body: review() })).status).toBe(409);
    await receivePickupOrder(h, second0);
    const second = await h.call(`add_review/${M}`, { token, body: review({ review_rate: 0, review_comment: '' }) });
    expect(second.status, JSON.stringify(second.json)).toBe(200);
    expect((await h.call(`get_review/${FRESH}`)).json).toMatchObject({ review_count: 2, review_average: 2.5 });
  });

  it('does not count a cancelled order, nor someone else’s order number', async () => {
    const code = 'P0006';
    const refno = await placePickupOrder(h, token, M, [code]);
    await changeOrderStatus(h.db, { orderRefno: refno, from: 'Pending', to: 'Cancelled', actor: 'member', memberCode: M });
    expect((await h.call(`add_review/${M}`, { token, body: review({ product_code: code }) })).status).toBe(403);
    // Order WEB2610050001 is another shopper's (seeded), with the reviewed product in it.
    const foreign = await h.call(`add_review/${M}`, { token, body: review({ product_code: 'P0011', order_refno: 'WEB2610050001' }) });
    expect(foreign.status).toBe(403);
  });

  it('lets the demo member review the unreviewed product of their seeded order', async () => {
    const r = await h.call(`add_review/${M}`, { token, body: review({ product_code: 'P0011', order_refno: 'WEB2610030001' }) });
    expect(r.status, JSON.stringify(r.json)).toBe(200);
    const seeded = await h.call(`add_review/${M}`, { token, body: review({ product_code: REVIEWED_PRODUCT }) });
    expect(seeded.status).toBe(409);
  });
});
