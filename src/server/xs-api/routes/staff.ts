/** Staff account routes (contract/staff.ts; ADR 25). Thin: they call services/staff/accounts.ts. */
import type { Hono } from 'hono';
import { operations as op } from '../../../lib/xs-api/contract';
import { serve, type ApiEnv } from '../http';
import { addStaff, disableStaff, listStaff, resetStaffPassword, resolveStaffSession, setStaffLanguage, staffLogin, staffLogout } from '../services/staff/accounts';
import { canonicalStaffLogin } from '../../../domain/staff';

/** Registers staff_login, staff_logout, staff_me, staff_language and HQ's staff management. */
export function staffRoutes(app: Hono<ApiEnv>) {
  serve(app, op.staff_login, async ({ db, body, services, ip }) =>
    staffLogin(db, services.loginThrottle, { login: canonicalStaffLogin(body.login) ?? '', password: body.password, client: body.client, ip }));
  serve(app, op.staff_logout, async ({ db, token }) => {
    await staffLogout(db, token!);
    return {};
  });
  serve(app, op.staff_me, async ({ db, token }) => ({ staff: (await resolveStaffSession(db, token!))! }));
  serve(app, op.staff_language, async ({ db, staff, body }) => setStaffLanguage(db, staff!.id, body.language));
  serve(app, op.staff_add, async ({ db, staff, body }) => ({ staff: await addStaff(db, staff, body) }));
  serve(app, op.staff_list, async ({ db }) => ({ data: await listStaff(db) }));
  serve(app, op.staff_disable, async ({ db, staff, body }) => disableStaff(db, staff, body.login));
  serve(app, op.staff_reset_password, async ({ db, staff, body }) => resetStaffPassword(db, staff, body.login, body.password));
}
