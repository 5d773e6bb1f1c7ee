/** Serves the bundled mobile e-commerce API (spec §7) at its contract path. */
import type { APIRoute } from 'astro';
import { bundledApi } from '../../../../server/runtime';

export const prerender = false;
export const ALL: APIRoute = async ({ request }) => (await bundledApi()).fetch(request);
