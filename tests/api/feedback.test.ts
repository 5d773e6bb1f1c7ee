/**
 * Feedback (coverage.md §2 Account: Feedback; §7 add_feedback): stored with its category, rating, outlet
 * and comment; a broken rule answers its coverage.md §5 text and the field in the caller's language and
 * stores nothing; an unknown outlet is 404; another member's path is 403.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createHarness, DEMO_MEMBER, type Harness } from './harness';
import { createMembers } from './order-fixtures';
import { feedback } from '../../src/server/xs-api/db/schema';

let h: Harness;
let token: string;
const M = DEMO_MEMBER.memberCode;

beforeAll(async () => {
  h = await createHarness();
  ({ token } = await h.login());
});
afterAll(() => h.close());

const stored = () => h.db.select().from(feedback).where(eq(feedback.memberCode, M));

describe('add_feedback', () => {
  it('stores the feedback as sent, the comment trimmed', async () => {
    const r = await h.call(`add_feedback/${M}`, { token, body: { category: 'OUTLET', rating: 'GOOD', comment: '  Friendly butcher at SS2 <b>!</b>  ', store_code: 'S001' } });
    expect(r.status).toBe(200);
    const [row] = (await stored()).filter((f) => f.id === r.json.feedback_id);
    expect(row).toMatchObject({ category: 'OUTLET', rating: 'GOOD', storeCode: 'S001', comment: 'Friendly butcher at SS2 <b>!</b>' });
    const none = await h.call(`add_feedback/${M}`, { token, body: { category: 'MOBILE_APP', rating: 'POOR', comment: 'Crashes', store_code: '' } });
    expect((await stored()).find((f) => f.id === none.json.feedback_id)!.storeCode).toBeNull();
    const nulled = await h.call(`add_feedback/${M}`, { token, body: { category: 'OTHERS', rating: 'NEUTRAL', comment: 'ok', store_code: null } });
    expect(nulled.status).toBe(200);
  });

  it('refuses broken rules with the spec message and the field, in the caller\'s language, storing nothing', async () => {
    const before = (await stored()).length;
    const cases: [Record<string, unknown>, string, string][] = [
      [{ category: 'NOPE', rating: 'GOOD', comment: 'x' }, 'category', 'This field is required'],
      [{ category: 'PRODUCTS', rating: 'GREAT', comment: 'x' }, 'rating', 'This field is required'],
      [{ category: 'PRODUCTS', rating: 'GOOD', comment: '   ' }, 'comment', 'This field is required'],
      [{ category: 'PRODUCTS', rating: 'GOOD', comment: 'x'.repeat(256) }, 'comment', 'Value should not exceed 255 characters'],
    ];
    for (const [body, field, message] of cases) {
      const r = await h.call(`add_feedback/${M}`, { token, body });
      expect([r.status, r.json.field, r.json.Error]).toEqual([400, field, message]);
    }
    const zh = await h.call(`add_feedback/${M}`, { token, body: { category: 'PRODUCTS', rating: 'GOOD', comment: '' }, headers: { 'accept-language': 'zh' } });
    expect(zh.status).toBe(400);
    expect(zh.json.Error).not.toBe('This field is required');
    expect((await h.call(`add_feedback/${M}`, { token, body: { category: 'OUTLET', rating: 'GOOD', comment: 'x', store_code: 'S999' } })).status).toBe(404);
    expect((await h.call(`add_feedback/${M}`, { token, body: 'not json' })).status).toBe(400);
    expect((await stored()).length).toBe(before);
  });

  it("refuses another member's path", async () => {
    const [other] = await createMembers(h, 1, 'F');
    expect((await h.call(`add_feedback/${M}`, { token: other!.token, body: { category: 'OTHERS', rating: 'NEUTRAL', comment: 'x' } })).status).toBe(403);
  });
});
