/** Access and account operations (spec §7 Access and account). */
import { z } from 'zod';
import { defineOperation, flag, statusOk } from './operation';

export const credentials = z.object({
  mobile: z.string().trim().min(1).max(30),
  password: z.string().min(1).max(200),
});

/** The profile (spec §3 Customer / Profile). */
export const profile = z.object({
  member_code: z.string(),
  customer_firstname: z.string(),
  customer_lastname: z.string(),
  customer_mobile: z.string(),
  customer_email: z.string().nullable(),
  customer_picture: z.string().nullable(),
  customer_point: z.number().int(),
  birthday_claimed: flag,
  is_birthday: flag,
  language: z.enum(['en', 'zh', 'ar']),
});
export type Profile = z.infer<typeof profile>;

export const customerLogin = defineOperation({
  name: 'customer_login',
  method: 'POST',
  path: 'customer_login',
  member: 'none',
  summary: 'Log in with mobile and password. Returns the member code and a session token for the Authorization header.',
  body: z.array(credentials).length(1),
  response: z.object({
    Status: statusOk,
    member_code: z.string(),
    token: z.string(),
    expires_at: z.string(),
    customer_firstname: z.string(),
  }),
});

export const customerLogout = defineOperation({
  name: 'customer_logout',
  method: 'POST',
  path: 'customer_logout/:member',
  member: 'required',
  summary: 'Revoke the calling session (extension of spec §7: logout revokes the session on every instance).',
  body: z.looseObject({}).optional(),
  response: z.object({ Status: statusOk }),
});

export const customerDetail = defineOperation({
  name: 'customer_detail',
  method: 'GET',
  path: 'customer_detail/:member',
  member: 'required',
  summary: 'The member profile.',
  response: z.object({ Status: statusOk, data: profile }),
});
