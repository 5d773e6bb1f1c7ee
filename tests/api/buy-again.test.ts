/**
 * Buy again (docs/coverage.md "Buy again"; operation buy_again): a past order back in the cart at
 * the store chosen now, at today's prices, capped by the store's stock as add_cart is, with a note
 * per line that did not go in whole; another member's order is refused and changes nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { createHarness, DEMO_MEMBER, type Harness } from './harness';
import { catalogueLines, createMembers, setStock, type Member } from './order-fixtures';
import { placePickupOrder } from './place-order';
import { cartItems, orderItems, products, stores } from '../../src/server/xs-api/db/schema';

let h: Harness;
let me: Member;
let other: Member;
let storeNo: string;
let refno: string;
/** In the order: plenty (2 ordered, price changed since), short (5 ordered, 3 at the store), hidden (withdrawn), none (0 at the store). */
let plenty: string, short: string, hidden: string, none: string;
const TODAY_PRICE_SEN = 1234;

const buyAgain = (as: Member | null, order: string, lang = 'en') =>
  h.call(`buy_again/${as?.member ?? DEMO_MEMBER.memberCode}?store=${storeNo}`, { token: as?.token, headers: { 'accept-language': lang }, body: { order_refno: order } });
const cartOf = async (member: string) =>
  (await h.db.select().from(cartItems).where(and(eq(cartItems.memberCode, member), eq(cartItems.storeNo, storeNo)))).map((c) => [c.productCode, c.quantity]).sort();

beforeAll(async () => {
  h = await createHarness();
  me = { member: DEMO_MEMBER.memberCode, token: (await h.login()).token };
  [other] = await createMembers(h, 1, 'B');
  const [s] = await h.db.select().from(stores).where(eq(stores.storeCode, 'S001'));
  storeNo = s!.storeNo;
  [plenty, short, hidden, none] = (await catalogueLines(h, 3, 4)).map((l) => l.code) as [string, string, string, string];
  refno = await placePickupOrder(h, me.token, me.member, [plenty, short, hidden, none]);
  // The member asked for more of some lines than placePickupOrder's one unit each.
  await h.db.update(orderItems).set({ quantity: 2 }).where(and(eq(orderItems.orderRefno, refno), eq(orderItems.productCode, plenty)));
  await h.db.update(orderItems).set({ quantity: 4, shortQuantity: 1 }).where(and(eq(orderItems.orderRefno, refno), eq(orderItems.productCode, short)));
  // Today: a new price, less stock, a product withdrawn, none left of another.
  await h.db.update(products).set({ finalPriceSen: TODAY_PRICE_SEN }).where(eq(products.productCode, plenty));
  await h.db.update(products).set({ isActive: false }).where(eq(products.productCode, hidden));
  await setStock(h, 'S001', plenty, 10);
  await setStock(h, 'S001', short, 3);
  await setStock(h, 'S001', hidden, 10);
  await setStock(h, 'S001', none, 0);
  await h.db.delete(cartItems).where(eq(cartItems.memberCode, me.member));
});
afterAll(() => h?.close());

describe('buy_again', () => {
  it("fills the cart at today's prices, capped by the store's stock, with a note per line not added whole", async () => {
    const r = await buyAgain(me, refno);
    expect(r.status, JSON.stringify(r.json)).toBe(200);
    const items = r.json.data.cart.items as { product_code: string; product_quantity: number; product_price: string }[];
    expect(items.map((i) => [i.product_code, i.product_quantity]).sort()).toEqual([[plenty, 2], [short, 3]].sort());
    expect(items.find((i) => i.product_code === plenty)!.product_price).toBe('12.34');
    const notes = r.json.data.notes as { product_code: string; note: string; ordered: number; added: number; product_name: string }[];
    expect(notes.map((n) => [n.product_code, n.note, n.ordered, n.added])).toEqual([
      // A short pick took 1 of the 5 ordered: the member asked for 5.
      [short, 'short', 5, 3],
      [hidden, 'not_sold', 1, 0],
      [none, 'out_of_stock', 1, 0],
    ]);
    for (const n of notes) expect(n.product_name).toBeTruthy();
    expect(await cartOf(me.member)).toEqual([[plenty, 2], [short, 3]].sort());
  });

  it('adds to what the cart holds, never past the stock (the cart rule), and names products in the caller language', async () => {
    const r = await buyAgain(me, refno, 'ar');
    expect(r.status).toBe(200);
    expect(await cartOf(me.member)).toEqual([[plenty, 4], [short, 3]].sort());
    const shortNote = (r.json.data.notes as { product_code: string; note: string; added: number; product_name: string }[]).find((n) => n.product_code === short)!;
    expect(shortNote).toMatchObject({ note: 'short', ordered: 5, added: 0 });
    const [p] = await h.db.select().from(products).where(eq(products.productCode, short));
    expect(shortNote.product_name).toBe(p!.productName.ar ?? p!.productName.en);
    // The stock cap is add_cart's too: one more unit of the full line is refused.
    const add = await h.call(`add_cart/${me.member}?store=${storeNo}`, { token: me.token, body: [{ product_code: short, product_number: 1 }] });
    expect(add.status).toBe(409);
  });

  it("refuses another member's order as unknown (404) and changes no cart", async () => {
    const mine = await cartOf(me.member);
    const r = await buyAgain(other, refno);
    expect(r.status).toBe(404);
    expect(r.json.Error).toBeTruthy();
    expect(await cartOf(other.member)).toEqual([]);
    expect(await cartOf(me.member)).toEqual(mine);
  });

  it('refuses a guest (401), an unknown order (404) and a bad body (400)', async () => {
    expect((await buyAgain(null, refno)).status).toBe(401);
    expect((await buyAgain(me, 'WEB0000000000')).status).toBe(404);
    const bad = await h.call(`buy_again/${me.member}?store=${storeNo}`, { token: me.token, body: { order_refno: '' } });
    expect(bad.status).toBe(400);
    const noStore = await h.call(`buy_again/${me.member}`, { token: me.token, body: { order_refno: refno } });
    expect(noStore.status).toBe(400);
  });
});
