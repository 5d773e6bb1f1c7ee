/**
 * The contract client's failures (coverage.md §8: a Status other than 1 is raised as a failure carrying the
 * body; transport errors pass through): what a feature's error mapping (src/features/shared/errors.ts)
 * receives from src/lib/xs-api/client.ts.
 */
import { describe, expect, it } from 'vitest';
import { createXsClient, XsApiError } from '../../src/lib/xs-api/client';

const answering = (status: number, body: string) =>
  createXsClient({ fetch: () => new Response(body, { status, headers: { 'content-type': 'application/json' } }), baseUrl: 'http://api.test', apiKey: 'k', locale: 'en', token: 't', member: 'M1', timeoutMs: null });

const failure = async (promise: Promise<unknown>) => {
  const err = await promise.then(() => null, (e: unknown) => e);
  expect(err).toBeInstanceOf(XsApiError);
  return err as XsApiError;
};

const change = { current_password: 'old-secret', new_password: 'new-secret', confirm_password: 'new-secret' };

describe('the contract client', () => {
  it('raises Status 0 as a failure carrying the answer, its status and its Error text', async () => {
    const body = { Status: 0, Error: 'Current password is incorrect', field: 'current_password' };
    const err = await failure(answering(400, JSON.stringify(body)).call('update_customer_password', { body: change }));
    expect(err.status).toBe(400);
    expect(err.message).toBe('Current password is incorrect');
    expect(err.body).toEqual(body);
  });

  it('raises a 200 answer whose Status is not 1 as a failure too', async () => {
    const err = await failure(answering(200, '{"Status":2,"Error":"Order already cancelled"}').call('state_listing'));
    expect([err.status, err.message, err.body.Status]).toEqual([200, 'Order already cancelled', 2]);
  });

  it('raises a 500 {} and an empty 502 with no text, for the general message', async () => {
    for (const [status, text] of [[500, '{}'], [502, '']] as const) {
      const err = await failure(answering(status, text).call('state_listing'));
      expect([err.status, err.message]).toEqual([status, '']);
    }
  });

  it('passes a transport fault through as status 0 with its message', async () => {
    const client = createXsClient({ fetch: () => Promise.reject(new TypeError('fetch failed')), baseUrl: 'http://api.test', apiKey: 'k', locale: 'en', timeoutMs: null });
    const err = await failure(client.call('state_listing'));
    expect([err.status, err.message]).toEqual([0, 'fetch failed']);
  });

  it('answers the checked data when Status is 1', async () => {
    const states = await answering(200, '{"Status":1,"data":[{"state_code":"KUL","state_name":"Kuala Lumpur"}]}').call('state_listing');
    expect(states).toMatchObject({ Status: 1, data: [{ state_code: 'KUL', state_name: 'Kuala Lumpur' }] });
  });

  it('refuses an answer that breaks the contract (502), keeping the body', async () => {
    const err = await failure(answering(200, '{"Status":1,"data":"nope"}').call('state_listing'));
    expect(err.status).toBe(502);
    expect(err.body).toEqual({ Status: 1, data: 'nope' });
  });

  it('writes amounts in sen as ringgit text on the wire and reads the answer’s ringgit back as sen (ADR 37)', async () => {
    const sent: string[] = [];
    const client = createXsClient({
      fetch: async (req) => {
        sent.push(await req.text());
        return new Response('{"Status":1,"delivery_charges":"7.00","product_subtotal":"16.90","extra":1}', { status: 200 });
      },
      baseUrl: 'http://api.test', apiKey: 'k', locale: 'en', token: 't', member: 'M1', timeoutMs: null,
    });
    const answer = await client.call('delivery_charges', { body: { product: [{ product_code: 'P1', product_quantity: 1, product_price: 1690 }], state: 'SGR', distance_km: 3 } });
    expect(sent).toEqual(['{"product":[{"product_code":"P1","product_quantity":1,"product_price":"16.90"}],"state":"SGR","distance_km":3}']);
    expect(answer).toEqual({ Status: 1, delivery_charges: 700, product_subtotal: 1690 });
    // Ringgit where sen is due is refused before anything is sent.
    const err = await failure(client.call('delivery_charges', { body: { product: [{ product_code: 'P1', product_quantity: 1, product_price: 16.9 }], state: 'SGR', distance_km: 3 } }));
    expect(err.status).toBe(400);
    expect(sent).toHaveLength(1);
  });
});
