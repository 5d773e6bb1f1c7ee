/**
 * The contract as an OpenAPI 3.1 document, generated from the operation registry's zod schemas
 * (docs/architecture.md: "Document the contract"). Served at `<API base>/openapi.json` and kept in docs/openapi.json
 * (a test fails when the file is out of date).
 */
import { z } from 'zod';
import { API_BASE, API_KEY_HEADER, errorAnswer, operations, type Operation } from './contract';

/**
 * The JSON Schema of `s` as it is on the wire. A codec (the contract's amounts, ADR 37) is written
 * as its wire side in both directions: an answer's amount is ringgit text ('16.90'), not the sen
 * the process holds.
 */
const schema = (s: z.ZodType, io: 'input' | 'output') =>
  z.toJSONSchema(s, {
    io,
    unrepresentable: 'any',
    target: 'draft-2020-12',
    override: (ctx) => {
      const def = ctx.zodSchema._zod.def as { type: string; reverseTransform?: unknown; in?: z.ZodType };
      if (io === 'input' || def.type !== 'pipe' || typeof def.reverseTransform !== 'function' || !def.in) return;
      const { $schema: _drop, ...wire } = z.toJSONSchema(def.in, { io: 'output', unrepresentable: 'any', target: 'draft-2020-12' });
      void _drop;
      for (const key of Object.keys(ctx.jsonSchema)) delete (ctx.jsonSchema as Record<string, unknown>)[key];
      Object.assign(ctx.jsonSchema, wire);
    },
  });

function pathOf(op: Operation): { path: string; params: { name: string; required: boolean }[] } {
  const params: { name: string; required: boolean }[] = [];
  const path = op.path
    .split('/')
    .map((seg) => {
      if (!seg.startsWith(':')) return seg;
      const optional = seg.endsWith('?');
      const name = seg.slice(1, optional ? -1 : undefined);
      params.push({ name, required: !optional });
      return `{${name}}`;
    })
    .join('/');
  return { path: `${API_BASE}/${path}`, params };
}

/** The payment providers' callbacks (ADR 10): no API key, the signature over the raw body is the proof. */
function webhookPaths() {
  const answer = { 200: { description: 'Recorded: { Status: 1, outcome: applied | ignored | flagged | duplicate }' }, 400: { description: 'Unsigned, tampered, stale or malformed: nothing changes' }, 404: { description: 'The shop runs another provider' } };
  return {
    [`${API_BASE}/payment_webhook_sandbox`]: {
      post: { operationId: 'payment_webhook_sandbox', summary: 'The sandbox provider\'s callback. Header X-Sandbox-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">, 300 s tolerance; each event id applies once.', security: [], responses: answer },
    },
    [`${API_BASE}/payment_webhook_stripe`]: {
      post: { operationId: 'payment_webhook_stripe', summary: 'Stripe\'s webhook (checkout.session.completed, async_payment_succeeded / failed, expired), verified with the Stripe-Signature header and STRIPE_WEBHOOK_SECRET, 300 s tolerance; each event id applies once.', security: [], responses: answer },
    },
  };
}

/** The page-change feed for storefronts apart from the API (ADR 30): Server-Sent Events, not JSON. */
function feedPaths() {
  return {
    [`${API_BASE}/page_changes`]: {
      get: {
        operationId: 'page_changes',
        summary: 'Server-Sent Events for storefronts that keep their own page caches: `event: ready` once connected (drop every cached page when it comes again after a reconnection), then `event: changed` with data `{"tags": [string]}` for each page change (catalogue, prices, stock, pictures, banners, reviews), and a comment line every 20 s. Needs the API key.',
        responses: { 200: { description: 'The stream (text/event-stream), open until either side closes it', content: { 'text/event-stream': { schema: { type: 'string' } } } }, 401: { description: 'No or wrong API key' } },
      },
    },
  };
}

/** Builds the OpenAPI document. Optional path segments (product_detail's member) are documented as the full path. */
export function buildOpenApi() {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const op of Object.values(operations) as Operation[]) {
    const { path, params } = pathOf(op);
    const parameters: unknown[] = params.map((p) => ({ name: p.name, in: 'path', required: true, schema: { type: 'string' }, description: p.required ? undefined : 'optional segment' }));
    if (op.query) {
      const q = schema(op.query, 'input') as { properties?: Record<string, unknown>; required?: string[] };
      for (const [name, s] of Object.entries(q.properties ?? {})) parameters.push({ name, in: 'query', required: q.required?.includes(name) ?? false, schema: s });
    }
    const security =
      op.auth === 'staff'
        ? [{ apiKey: [], staff: [] }]
        : op.auth === 'hq'
          ? [{ apiKey: [], staff: [] }, { apiKey: [], bootstrap: [] }]
          : op.auth === 'integration'
            ? [{ apiKey: [], integration: [op.scope ?? ''] }]
          : op.member === 'none'
            ? [{ apiKey: [] }]
            : [{ apiKey: [], session: [] }];
    const errors = {
      400: { description: 'Invalid request, nothing changed: a field that breaks its rule, a NUL or other control character in the path, query or any JSON field or key, a malformed %-sequence, or JSON nested deeper than 32 levels', content: { 'application/json': { schema: schema(errorAnswer, 'output') } } },
      ...(op.multipart && {
        413: { description: `Body over ${op.multipart.maxBodyBytes} bytes: refused before it is read`, content: { 'application/json': { schema: schema(errorAnswer, 'output') } } },
      }),
      ...(op.auth && {
        401: { description: op.auth === 'integration' ? 'No valid integration token (missing, unknown or revoked)' : 'No valid staff session', content: { 'application/json': { schema: schema(errorAnswer, 'output') } } },
        403: { description: op.auth === 'integration' ? 'The token is not of this scope' : op.auth === 'hq' ? 'Not an HQ member (or, for a catalogue change, the bootstrap token)' : 'Not one of the caller\'s outlets', content: { 'application/json': { schema: schema(errorAnswer, 'output') } } },
      }),
      ...(op.member !== 'none' && {
        401: { description: 'No valid session', content: { 'application/json': { schema: schema(errorAnswer, 'output') } } },
      }),
      ...(op.member !== 'none' && op.member !== 'session' && {
        403: { description: 'The member in the path is not the caller', content: { 'application/json': { schema: schema(errorAnswer, 'output') } } },
      }),
      ...Object.fromEntries(
        Object.entries(op.refusals ?? {}).map(([status, r]) => [status, { description: r.description, content: { 'application/json': { schema: schema(r.answer ?? errorAnswer, 'output') } } }]),
      ),
      429: {
        description: 'Too many requests (per client IP, per number or per member; SECURITY.md): try again after Retry-After seconds',
        headers: { 'Retry-After': { description: 'Seconds to wait', schema: { type: 'integer', minimum: 1 } } },
        content: { 'application/json': { schema: schema(errorAnswer, 'output') } },
      },
    };
    paths[path] = {
      ...paths[path],
      [op.method.toLowerCase()]: {
        operationId: op.name,
        summary: op.summary,
        parameters,
        security,
        ...(op.body && { requestBody: { required: true, content: { [op.multipart ? 'multipart/form-data' : 'application/json']: { schema: schema(op.body, 'input') } } } }),
        responses: { 200: { description: 'Status 1', content: { 'application/json': { schema: schema(op.response, 'output') } } }, ...errors },
      },
    };
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Mobile e-commerce API',
      version: '1.0.0',
      description:
        'The contract of the storefront specification §7, as implemented by the bundled API. Every answer carries Status (1 success) and, on failure, an Error text in the language of Accept-Language (en, zh, ar). Amounts are ringgit with 2 decimals. Input rules at the edge: text holds no control characters (tab, line feed and carriage return allowed in JSON text, none in the URL), paths decode cleanly, JSON nests at most 32 levels; anything else answers 400 before any change. Unknown paths answer 404 with the same { Status: 0, Error } shape.',
    },
    components: {
      securitySchemes: {
        apiKey: { type: 'apiKey', in: 'header', name: API_KEY_HEADER },
        session: { type: 'http', scheme: 'bearer', description: 'The token from customer_login. Member-scoped paths must name the same member.' },
        staff: { type: 'http', scheme: 'bearer', description: 'A staff session token (staff_login): the console at /staff and `npm run ops -- login`. hq operations need an HQ member.' },
        bootstrap: { type: 'http', scheme: 'bearer', description: 'The bootstrap token (OPS_TOKEN, or the one generated beside the embedded database): hq operations only, e.g. the first `npm run ops -- staff add`.' },
        integration: { type: 'http', scheme: 'bearer', description: 'An integration token HQ issued (ops_integration_token_issue) to another system, with a scope (stock: pos_stock, the point-of-sale stock feed). A revoked or unknown token answers 401.' },
      },
    },
    paths: { ...paths, ...webhookPaths(), ...feedPaths() },
  };
}
