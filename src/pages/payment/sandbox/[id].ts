/**
 * The sandbox provider's hosted TEST MODE page (src/server/payment-sandbox/page.ts; ADR 10). On a
 * storefront apart from its API (XS_API_URL) the page belongs to the API process, which holds the
 * payments: it is forwarded there (src/server/remote-api.ts).
 */
import type { APIRoute } from 'astro';
import { API_BASE } from '../../../lib/xs-api/contract';
import { config } from '../../../server/config';
import { forwardToApi, remoteApiBase, remoteUrl } from '../../../server/remote-api';
import { bundledApi, readyDb } from '../../../server/runtime';
import { chooseSandboxOutcome, showSandboxPayment, type SandboxPageDeps } from '../../../server/payment-sandbox/page';

export const prerender = false;
const remote = remoteApiBase(config.xsApiUrl);

const deps = (): SandboxPageDeps => ({
  db: readyDb,
  secret: config.paymentSandboxSecret,
  webhookUrl: `http://in-process${API_BASE}/payment_webhook_sandbox`,
  send: async (r) => (await bundledApi()).fetch(r),
});

export const GET: APIRoute = ({ params, request, locals }) =>
  remote ? forwardToApi(request, remoteUrl(request.url, remote), locals.clientIp ?? null) : showSandboxPayment(deps(), params.id ?? '', request);
export const POST: APIRoute = ({ params, request, locals }) =>
  remote ? forwardToApi(request, remoteUrl(request.url, remote), locals.clientIp ?? null) : chooseSandboxOutcome(deps(), params.id ?? '', request);
