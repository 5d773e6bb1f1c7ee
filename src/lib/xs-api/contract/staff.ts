/**
 * Staff accounts (issue "The outlets run the shop" §1; ADR 25): log in and out, who am I, the
 * console's language, and HQ's staff management. Not part of coverage.md §7. Besides the API key:
 * - `staff_login` needs nothing more (it is how a staff token is had);
 * - `auth: 'staff'` operations need a live staff session token as Bearer;
 * - `auth: 'hq'` operations need an HQ member's token, or the bootstrap token (OPS_TOKEN, or the
 *   one generated beside the embedded database), with which `npm run ops -- staff add` makes the
 *   first HQ account.
 */
import { z } from 'zod';
import { LOCALES } from '../../../domain/constants';
import { newStaffSchema, staffLoginSchema, staffPasswordSchema, STAFF_ROLES } from '../../../domain/staff';
import { defineOperation, statusOk } from './operation';

export const staffIdentity = z.object({
  id: z.number().int(),
  login: z.string(),
  name: z.string(),
  role: z.enum(STAFF_ROLES),
  outlets: z.array(z.string()),
  language: z.enum(LOCALES),
});

export const staffRow = staffIdentity.extend({ active: z.boolean(), created_at: z.string() });

export const staffLogin = defineOperation({
  name: 'staff_login',
  method: 'POST',
  path: 'staff/login',
  member: 'none',
  summary: 'A staff login: a session token for the console (client console) or the CLI (client cli), 12 hours. 401 for a wrong login or password, or a disabled account; 429 after repeated failures.',
  body: z.object({ login: z.string().max(60), password: z.string().min(1).max(200), client: z.enum(['console', 'cli']).default('console') }),
  response: z.object({ Status: statusOk, token: z.string(), expires_at: z.string(), staff: staffIdentity }),
});

export const staffLogout = defineOperation({
  name: 'staff_logout',
  method: 'POST',
  path: 'staff/logout',
  member: 'none',
  auth: 'staff',
  summary: 'Ends the staff session of the Bearer token.',
  response: z.object({ Status: statusOk }),
});

export const staffMe = defineOperation({
  name: 'staff_me',
  method: 'GET',
  path: 'staff/me',
  member: 'none',
  auth: 'staff',
  summary: 'The staff member of the Bearer token: name, role, outlets, language.',
  response: z.object({ Status: statusOk, staff: staffIdentity }),
});

export const staffLanguage = defineOperation({
  name: 'staff_language',
  method: 'POST',
  path: 'staff/language',
  member: 'none',
  auth: 'staff',
  summary: "Sets the console's language of the calling staff member.",
  body: z.object({ language: z.enum(LOCALES) }),
  response: z.object({ Status: statusOk, language: z.enum(LOCALES) }),
});

export const staffAdd = defineOperation({
  name: 'staff_add',
  method: 'POST',
  path: 'staff/add',
  member: 'none',
  auth: 'hq',
  summary: 'Adds a staff member (role hq or outlet; an outlet member has one or more outlets). 409 when the login is taken.',
  body: newStaffSchema,
  response: z.object({ Status: statusOk, staff: staffRow }),
});

export const staffList = defineOperation({
  name: 'staff_list',
  method: 'GET',
  path: 'staff/list',
  member: 'none',
  auth: 'hq',
  summary: 'Every staff member, active first.',
  response: z.object({ Status: statusOk, data: z.array(staffRow) }),
});

export const staffDisable = defineOperation({
  name: 'staff_disable',
  method: 'POST',
  path: 'staff/disable',
  member: 'none',
  auth: 'hq',
  summary: 'Disables a staff member and ends every session they hold.',
  body: z.object({ login: staffLoginSchema }),
  response: z.object({ Status: statusOk, login: z.string(), active: z.literal(false) }),
});

export const staffResetPassword = defineOperation({
  name: 'staff_reset_password',
  method: 'POST',
  path: 'staff/reset_password',
  member: 'none',
  auth: 'hq',
  summary: 'Sets a new password for a staff member (and makes the account active again); every session they held ends.',
  body: z.object({ login: staffLoginSchema, password: staffPasswordSchema }),
  response: z.object({ Status: statusOk, login: z.string() }),
});
