/** The sandbox provider's hosted TEST MODE page (src/server/payment-sandbox/page.ts; ADR 10). */
import type { APIRoute } from 'astro';
import { API_BASE } from '../../../lib/xs-api/contract';
import { config } from '../../../server/config';
import { bundledApi, readyDb } from '../../../server/runtime';
import { chooseSandboxOutcome, showSandboxPayment, type SandboxPageDeps } from '../../../server/payment-sandbox/page';

export const prerender = false;

const deps = (): SandboxPageDeps => ({
  db: readyDb,
  secret: config.paymentSandboxSecret,
  webhookUrl: `http://in-process${API_BASE}/payment_webhook_sandbox`,
  send: async (r) => (await bundledApi()).fetch(r),
});

export const GET: APIRoute = ({ params, request }) => showSandboxPayment(deps(), params.id ?? '', request);
export const POST: APIRoute = ({ params, request }) => chooseSandboxOutcome(deps(), params.id ?? '', request);
