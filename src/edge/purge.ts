/**
 * The worker's purge address (ADR 36): `POST /_edge/purge` (src/server/edge-purge-names.ts) drops
 * the pages cached at the edge that carry any of the given tags. The Node shop calls it after each
 * catalogue change (src/server/edge-purge.ts), with the same tags its own page cache drops.
 *
 * Answers (JSON, for the Node shop and operators' scripts, never a page):
 * - 404 when the worker has no EDGE_PURGE_TOKEN (purging is off) — the path then says nothing more;
 * - 405 for another method; 401 when the bearer token is missing or wrong (compared by digest);
 * - 413 for a body over PURGE_BODY_MAX_BYTES, 400 for a body that is not `{"tags": [...]}` with 1
 *   to PURGE_TAGS_MAX valid tags (PURGE_TAG);
 * - 200 `{"purged": n}` once `purge` has run; 502 when the platform's purge failed.
 */
import { PURGE_BODY_MAX_BYTES, PURGE_TAG, PURGE_TAGS_MAX } from '../server/edge-purge-names';

/** What the purge address needs: the expected token (undefined: purging is off) and the purge itself. */
export interface PurgeOptions {
  token: string | undefined;
  purge: (tags: string[]) => Promise<void>;
}

const json = (status: number, body: unknown, extra: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store', ...extra } });

/** SHA-256 of a text, so two secrets are compared in time that does not depend on where they differ. */
async function digest(text: string): Promise<Uint8Array> {
  return new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text)));
}

/** Whether the request's `Authorization: Bearer …` is `token`. */
async function authorised(request: Request, token: string): Promise<boolean> {
  const given = /^Bearer (\S+)$/.exec(request.headers.get('authorization') ?? '')?.[1];
  if (!given) return false;
  const [a, b] = await Promise.all([digest(given), digest(token)]);
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= a[i]! ^ b[i]!;
  return diff === 0;
}

/**
 * The tags of a purge body, or the reason it is refused. `raw` is the body as text.
 * E.g. '{"tags":["listing","product:P0001"]}' → { tags: ['listing', 'product:P0001'] }.
 */
export function purgeTags(raw: string): { tags: string[] } | { error: string } {
  let body: unknown;
  try {
    body = JSON.parse(raw);
  } catch {
    return { error: 'The body must be JSON: {"tags": ["…"]}.' };
  }
  const tags = (body as { tags?: unknown } | null)?.tags;
  if (!Array.isArray(tags) || tags.length === 0) return { error: '"tags" must be a list of 1 or more cache tags.' };
  if (tags.length > PURGE_TAGS_MAX) return { error: `At most ${PURGE_TAGS_MAX} tags in one request.` };
  const bad = tags.find((t) => typeof t !== 'string' || !PURGE_TAG.test(t));
  if (bad !== undefined) return { error: 'Each tag is 1 to 1,024 printable ASCII characters without spaces or commas.' };
  return { tags: [...new Set(tags as string[])] };
}

/** Answers one request to the purge address (see the top of this file). Never throws. */
export async function answerPurge(request: Request, { token, purge }: PurgeOptions): Promise<Response> {
  if (!token) return json(404, { error: 'Not found.' });
  if (request.method !== 'POST') return json(405, { error: 'Use POST.' }, { allow: 'POST' });
  if (!(await authorised(request, token))) return json(401, { error: 'A valid bearer token is required.' }, { 'www-authenticate': 'Bearer' });
  const length = Number(request.headers.get('content-length') ?? '0');
  if (length > PURGE_BODY_MAX_BYTES) return json(413, { error: `The body is over ${PURGE_BODY_MAX_BYTES} bytes.` });
  let raw: string;
  try {
    const bytes = new Uint8Array(await request.arrayBuffer());
    if (bytes.byteLength > PURGE_BODY_MAX_BYTES) return json(413, { error: `The body is over ${PURGE_BODY_MAX_BYTES} bytes.` });
    raw = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return json(400, { error: 'The body must be UTF-8 JSON.' });
  }
  const parsed = purgeTags(raw);
  if ('error' in parsed) return json(400, { error: parsed.error });
  try {
    await purge(parsed.tags);
  } catch (err) {
    return json(502, { error: `The platform's purge failed: ${err instanceof Error ? err.message : String(err)}` });
  }
  return json(200, { purged: parsed.tags.length });
}
