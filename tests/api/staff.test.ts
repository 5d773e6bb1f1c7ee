/**
 * Staff accounts and sessions (issue "The outlets run the shop" §1; contract/staff.ts; ADR 25): the
 * bootstrap token makes the first HQ account, HQ manages staff, logins are canonical and throttled,
 * a disabled account or a reset password ends every session at once, and every change names who
 * made it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createHarness, TEST_OPS_TOKEN, TEST_STAFF_PASSWORD, type Harness } from './harness';
import { memoryLimits } from '../../src/server/xs-api/adapters/rate-limit';
import { staff, staffEvents } from '../../src/server/xs-api/db/schema';
import { operations } from '../../src/lib/xs-api/contract';

let h: Harness;
beforeAll(async () => {
  h = await createHarness({ limits: memoryLimits() });
});
afterAll(() => h.close());

const add = (body: Record<string, unknown>, token = TEST_OPS_TOKEN) => h.call('staff/add', { token, body });
const login = (login: string, password = TEST_STAFF_PASSWORD, ip?: string) => h.call('staff/login', { body: { login, password }, ip });

describe('staff accounts', () => {
  it('the bootstrap token adds the first HQ member; logins are canonical; a duplicate is refused', async () => {
    const r = await add({ login: 'Aminah.HQ', name: 'Aminah', password: TEST_STAFF_PASSWORD, role: 'hq', outlets: ['S001'] });
    expect(r.status).toBe(200);
    expect(r.json.staff).toMatchObject({ login: 'aminah.hq', name: 'Aminah', role: 'hq', outlets: [], active: true });
    const again = await add({ login: 'aminah.hq', name: 'Other', password: TEST_STAFF_PASSWORD, role: 'hq' });
    expect([again.status, again.json.Error]).toEqual([409, 'The login aminah.hq is already in use.']);
    const byPhone = await add({ login: '012-888 7766', name: 'Ravi', password: TEST_STAFF_PASSWORD, role: 'outlet', outlets: ['S002', 'S001', 'S002'] });
    expect(byPhone.json.staff).toMatchObject({ login: '60128887766', outlets: ['S001', 'S002'] });
    expect((await login('+60 12-888 7766')).status).toBe(200);
    const [event] = await h.db.select().from(staffEvents).where(eq(staffEvents.subject, 'aminah.hq'));
    expect(event).toMatchObject({ action: 'staff_added', actorStaffId: null });
  });

  it('refuses what is not a staff member: short passwords, an outlet member without outlets, unknown outlets, bad logins', async () => {
    const base = { login: 'siew', name: 'Siew', password: TEST_STAFF_PASSWORD, role: 'outlet', outlets: ['S001'] };
    expect((await add({ ...base, password: 'short' })).status).toBe(400);
    expect((await add({ ...base, outlets: [] })).status).toBe(400);
    expect((await add({ ...base, outlets: ['S999'] })).status).toBe(404);
    expect((await add({ ...base, outlets: ['001'] })).status).toBe(400);
    expect((await add({ ...base, login: 'a b' })).status).toBe(400);
    expect((await add({ ...base, login: 'x\u0000y' })).status).toBe(400);
    expect((await add({ ...base, role: 'owner' })).status).toBe(400);
    expect((await h.db.select().from(staff).where(eq(staff.login, 'siew'))).length).toBe(0);
  });

  it('HQ manages staff and is named in the history; an outlet member may not', async () => {
    const hq = (await login('aminah.hq')).json;
    expect(hq.staff).toMatchObject({ role: 'hq', language: 'en' });
    const added = await add({ login: 'mei', name: 'Mei Ling', password: TEST_STAFF_PASSWORD, role: 'outlet', outlets: ['S003'] }, hq.token);
    expect(added.status).toBe(200);
    const [event] = await h.db.select().from(staffEvents).where(eq(staffEvents.subject, 'mei'));
    expect(event!.actorStaffId).toBe(hq.staff.id);
    const mei = (await login('mei')).json.token;
    for (const [path, body] of [['staff/add', { login: 'x1x', name: 'X', password: TEST_STAFF_PASSWORD, role: 'hq' }], ['staff/disable', { login: 'aminah.hq' }], ['staff/reset_password', { login: 'aminah.hq', password: 'another-password' }]] as const) {
      const r = await h.call(path, { token: mei, body });
      expect([path, r.status, r.json.Error]).toEqual([path, 403, 'Your staff role does not allow this.']);
    }
    expect((await h.call('staff/list', { token: mei })).status).toBe(403);
    const list = await h.call('staff/list', { token: hq.token });
    expect(list.json.data.map((s: { login: string }) => s.login)).toEqual(expect.arrayContaining(['aminah.hq', 'mei', '60128887766']));
    expect(JSON.stringify(list.json)).not.toContain('argon2');
  });

  it('disable and reset end every session at once; a disabled member cannot log in; nobody disables themself', async () => {
    const hq = (await login('aminah.hq')).json.token;
    const first = (await login('mei')).json.token;
    const second = (await login('mei')).json.token;
    expect((await h.call('staff/me', { token: first })).json.staff.name).toBe('Mei Ling');
    expect((await h.call('staff/disable', { token: hq, body: { login: 'mei' } })).status).toBe(200);
    for (const t of [first, second]) expect((await h.call('staff/me', { token: t })).status).toBe(401);
    const refused = await login('mei');
    expect([refused.status, refused.json.Error]).toEqual([401, 'The login or password is incorrect.']);
    // A reset makes the account active again, with the new password only.
    expect((await h.call('staff/reset_password', { token: hq, body: { login: 'mei', password: 'a-new-password-9' } })).status).toBe(200);
    expect((await login('mei')).status).toBe(401);
    expect((await login('mei', 'a-new-password-9')).status).toBe(200);
    const self = await h.call('staff/disable', { token: hq, body: { login: 'aminah.hq' } });
    expect([self.status, self.json.Error]).toEqual([409, 'You cannot disable your own account.']);
    expect((await h.call('staff/disable', { token: hq, body: { login: 'nobody' } })).status).toBe(404);
  });

  it('logout ends the session; the language is kept per staff member', async () => {
    const s = (await login('aminah.hq')).json.token;
    expect((await h.call('staff/language', { token: s, body: { language: 'zh' } })).json.language).toBe('zh');
    expect((await login('aminah.hq')).json.staff.language).toBe('zh');
    expect((await h.call('staff/logout', { token: s, body: {} })).status).toBe(200);
    expect((await h.call('staff/me', { token: s })).status).toBe(401);
    // A member's session is not a staff session, nor the other way round.
    const member = await h.login();
    expect((await h.call('staff/me', { token: member.token })).status).toBe(401);
    const staffToken = (await login('aminah.hq')).json.token;
    expect((await h.call(`customer_detail/${member.member}`, { token: staffToken })).status).toBe(401);
  });

  it('failed logins slow the login down (429 with Retry-After) without telling which logins exist', async () => {
    const unknown = await login('nobody.here', 'wrong-password-1');
    const wrong = await login('aminah.hq', 'wrong-password-1', '203.0.113.50');
    expect([unknown.status, unknown.json.Error]).toEqual([wrong.status, wrong.json.Error]);
    // Each failure past the third doubles the wait (1 s, 2 s, 4 s…): a 429 comes however slow the machine is.
    let refused: Awaited<ReturnType<typeof login>> | undefined;
    for (let i = 2; i <= 12 && !refused; i++) {
      const r = await login('aminah.hq', `wrong-password-${i}`, '203.0.113.50');
      if (r.status === 429) refused = r;
      else expect(r.status).toBe(401);
    }
    expect(refused?.json.Error).toMatch(/^Too many failed logins/);
    expect(Number(refused!.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('every staff and operator operation is refused from outside: no token, a member’s, the bootstrap token where a person is needed, an outlet member where HQ is', async () => {
    const member = await h.login();
    const outlet = (await login('60128887766')).json.token;
    const guarded = Object.values(operations).filter((op) => op.auth);
    expect(guarded.length).toBeGreaterThan(15);
    for (const op of guarded) {
      const path = op.path.replace(':orderId', 'WEB26000000000000');
      const send = (token?: string) => h.call(path, { token, method: op.method, body: op.method === 'POST' ? {} : undefined });
      for (const token of [undefined, 'not-a-token-at-all-123456', member.token]) expect([op.name, (await send(token)).status]).toEqual([op.name, 401]);
      if (op.auth === 'staff') expect([op.name, (await send(TEST_OPS_TOKEN)).status]).toEqual([op.name, 401]);
      if (op.auth === 'hq') expect([op.name, (await send(outlet)).status]).toEqual([op.name, 403]);
    }
  });
});
