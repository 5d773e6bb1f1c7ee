/**
 * How an operation of the contract (src/lib/xs-api/contract) is served: API key check, member proof
 * (Bearer session token; the member code in the path must match it: 401 / 403), zod-checked query
 * and body (400 with an Error text), JSON answers. Routes stay thin: they only call services.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import type { Context, Hono } from 'hono';
import { z } from 'zod';
import { API_KEY_HEADER, type Operation } from '../../lib/xs-api/contract';
import { isMessageKey, resolveLocale, type Locale } from '../../i18n/messages';
import type { Db } from './db/client';
import { ApiError, invalidPayload } from './errors';
import { findInputProblem } from '../../domain/input-text';
import { INPUT_TOO_DEEP, INVALID_CHARACTERS } from '../../lib/xs-api/contract/text';
import { resolveSession } from './services/sessions';
import type { LoginThrottle, SmsThrottle } from './adapters/rate-limit';
import type { SmsSender } from './adapters/sms';
import type { PaymentAdapter } from './adapters/payment/types';

/** Outside-world services the routes use, chosen by the app's creator (DESIGN Adapters). */
export type ApiServices = {
  loginThrottle: LoginThrottle;
  smsThrottle: SmsThrottle;
  sms: SmsSender;
  siteUrl: string;
  /** The payment provider (ADR 10) and the minutes an order may stay unpaid. */
  payment: PaymentAdapter;
  paymentWindowMinutes: number;
  /** The operators' token; null disables the operator operations. */
  opsToken: string | null;
};

/** Constant-time comparison of a presented token with the expected one. */
function sameToken(presented: string, expected: string): boolean {
  const digest = (s: string) => createHash('sha256').update(s).digest();
  return timingSafeEqual(digest(presented), digest(expected));
}

export type ApiEnv = { Variables: { db: Db; locale: Locale; services: ApiServices } };

export type Handled<O extends Operation> = {
  db: Db;
  locale: Locale;
  services: ApiServices;
  params: Record<string, string>;
  query: NonNullable<O['query']> extends z.ZodType ? z.output<NonNullable<O['query']>> : Record<string, never>;
  body: NonNullable<O['body']> extends z.ZodType ? z.output<NonNullable<O['body']>> : undefined;
  /** The calling member, proven by the session token; null for a guest on a public operation. */
  member: string | null;
  /** The bearer token of the call, when one was sent and valid. */
  token: string | null;
};

/**
 * A 400 for a payload that fails its schema, naming the first problem. An issue whose message is a
 * message-catalogue key (the domain schemas' spec §5 rules, e.g. 'remark_max') answers that message
 * in the caller's language, with the `field` it concerns; other issues answer 'api_invalid_payload'.
 */
function payloadError(error: z.ZodError): ApiError {
  const issue = error.issues[0];
  const where = issue?.path.length ? issue.path.join('.') : 'payload';
  if (issue && isMessageKey(issue.message)) return new ApiError(400, issue.message, {}, { field: where });
  return invalidPayload(`${where}: ${issue?.message ?? 'invalid'}`);
}

async function readBody(c: Context): Promise<unknown> {
  const text = await c.req.text();
  if (!text.trim()) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    throw invalidPayload('body is not valid JSON');
  }
}

/**
 * Registers one operation on the app. The handler returns the success fields; Status 1 is added.
 * @throws nothing: ApiError and zod failures become `{Status:0, Error}` answers with their status.
 */
export function serve<O extends Operation>(app: Hono<ApiEnv>, op: O, handler: (input: Handled<O>) => Promise<Record<string, unknown>>) {
  const route = `/${op.path}`;
  const fn = async (c: Context<ApiEnv>) => {
    const locale = c.get('locale');
    try {
      const params = c.req.param() as Record<string, string>;
      const header = c.req.header('authorization') ?? '';
      const bearer = header.toLowerCase().startsWith('bearer ') ? header.slice(7).trim() : '';
      let member: string | null = null;
      let token: string | null = null;
      if (op.auth === 'operator') {
        const expected = c.get('services').opsToken;
        if (!expected || !bearer || !sameToken(bearer, expected)) throw new ApiError(401, 'ops_token_invalid');
      }
      const wantsMember = op.member === 'required' || (op.member === 'optional' && params.member);
      if (wantsMember) {
        const session = bearer ? await resolveSession(c.get('db'), bearer) : null;
        if (!session) throw new ApiError(401, 'session_expired');
        if (params.member !== session.memberCode) throw new ApiError(403, 'api_forbidden');
        member = session.memberCode;
        token = bearer;
      }
      const rawQuery = Object.fromEntries(new URL(c.req.url).searchParams);
      const query = op.query ? op.query.safeParse(rawQuery) : { success: true as const, data: {} };
      if (!query.success) throw payloadError(query.error);
      let body: unknown = undefined;
      if (op.method === 'POST') {
        const raw = await readBody(c);
        // The edge: control characters anywhere in the body (keys a schema would drop included), or JSON too deep.
        const problem = findInputProblem(raw);
        if (problem) throw new ApiError(400, problem.kind === 'depth' ? INPUT_TOO_DEEP : INVALID_CHARACTERS, {}, { field: problem.path.join('.') || 'payload' });
        if (op.body) {
          const parsed = op.body.safeParse(raw);
          if (!parsed.success) throw payloadError(parsed.error);
          body = parsed.data;
        }
      }
      const result = await handler({ db: c.get('db'), locale, services: c.get('services'), params, query: query.data, body, member, token } as Handled<O>);
      return c.json({ Status: 1, ...result });
    } catch (err) {
      if (err instanceof ApiError) return c.json(err.body(locale), err.status);
      throw err;
    }
  };
  if (op.method === 'GET') app.get(route, fn);
  else app.post(route, fn);
}

/** The locale of a call: Accept-Language (en, zh, ar), else the `lang` query, else EN. */
export function callLocale(c: Context): Locale {
  return resolveLocale(c.req.header('accept-language') ?? new URL(c.req.url).searchParams.get('lang') ?? '');
}

export { API_KEY_HEADER };
