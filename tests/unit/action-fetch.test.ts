/**
 * The small Action caller of page scripts (src/features/shared/action-fetch.ts) reads answers the
 * way Astro writes them: 2xx → the data in devalue's format; errors → `{ code, message }` JSON; a
 * network fault → an error outcome, never a throw.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stringify } from 'devalue';
import { callAction } from '../../src/features/shared/action-fetch';

function answer(status: number, text: string) {
  return vi.fn(async () => new Response(status === 204 ? null : text, { status }));
}

afterEach(() => vi.unstubAllGlobals());

describe('callAction', () => {
  it('posts the form to /_actions/<name> and reads the data as devalue wrote it', async () => {
    const data = { redirect: '/ar/cart', cart_count: 3, gone: undefined };
    const fetch = answer(200, stringify(data));
    vi.stubGlobal('fetch', fetch);
    const body = new FormData();
    body.set('product_code', 'P0001');
    expect(await callAction('cart.add', body)).toEqual({ data });
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/_actions/cart.add');
    expect(init.method).toBe('POST');
    expect(init.body).toBe(body);
  });

  it('answers undefined data for 204', async () => {
    vi.stubGlobal('fetch', answer(204, ''));
    expect(await callAction('access.logout', new FormData())).toEqual({ data: undefined });
  });

  it("gives an Action's refusal as its code, status and message", async () => {
    vi.stubGlobal('fetch', answer(401, JSON.stringify({ code: 'UNAUTHORIZED', message: 'Sorry, your login session has expired. Please login again.' })));
    expect(await callAction('cart.add', new FormData())).toEqual({
      error: { code: 'UNAUTHORIZED', status: 401, message: 'Sorry, your login session has expired. Please login again.' },
    });
  });

  it('keeps the status of an answer that is not JSON (a proxy page), and turns a network fault into an error', async () => {
    vi.stubGlobal('fetch', answer(502, '<html>Bad gateway</html>'));
    expect(await callAction('favourites.toggle', new FormData())).toEqual({ error: { code: 'INTERNAL_SERVER_ERROR', status: 502, message: '' } });
    vi.stubGlobal('fetch', vi.fn(async () => Promise.reject(new TypeError('offline'))));
    expect(await callAction('favourites.toggle', new FormData())).toEqual({ error: { code: 'NETWORK', status: 0, message: '' } });
  });
});
