/**
 * The bundled mobile e-commerce API (spec §7) as a Hono app, served at
 * `/api/mobile_ecom/xs_api.php/<operation>[/<member>…]`. Built per database so tests get their own.
 */
import { Hono } from 'hono';
import { API_BASE } from '../../lib/xs-api/contract';
import { buildOpenApi } from '../../lib/xs-api/openapi';
import type { Db } from './db/client';
import { ApiError } from './errors';
import { memoryLoginThrottle, type LoginThrottle } from './adapters/rate-limit';
import { API_KEY_HEADER, callLocale, type ApiEnv } from './http';
import { accessRoutes } from './routes/access';
import { addressRoutes } from './routes/addresses';
import { catalogueRoutes } from './routes/catalogue';
import { cartRoutes } from './routes/cart';
import { storeRoutes } from './routes/stores';
import { orderRoutes } from './routes/orders';
import { contentRoutes } from './routes/content';
import { reviewRoutes } from './routes/reviews';
import { favouriteRoutes } from './routes/favourites';

export type XsApiOptions = {
  db: Db | (() => Promise<Db>);
  /** The fixed API key every call must send in the x-api-key header. */
  apiKey: string;
  /** Login throttling; an in-memory one by default. */
  loginThrottle?: LoginThrottle;
};

/** Creates the API app. Unknown operations answer 404 with an Error text; unexpected faults 500. */
export function createXsApi({ db, apiKey, loginThrottle = memoryLoginThrottle() }: XsApiOptions): Hono<ApiEnv> {
  const app = new Hono<ApiEnv>().basePath(API_BASE);
  // The contract itself is public (docs/openapi.json).
  app.get('/openapi.json', (c) => c.json(buildOpenApi()));
  app.use('*', async (c, next) => {
    c.set('locale', callLocale(c));
    if (c.req.header(API_KEY_HEADER) !== apiKey) {
      return c.json(new ApiError(401, 'api_key_invalid').body(c.get('locale')), 401);
    }
    c.set('db', typeof db === 'function' ? await db() : db);
    c.set('services', { loginThrottle });
    await next();
  });
  accessRoutes(app);
  addressRoutes(app);
  catalogueRoutes(app);
  cartRoutes(app);
  storeRoutes(app);
  orderRoutes(app);
  contentRoutes(app);
  reviewRoutes(app);
  favouriteRoutes(app);
  app.notFound((c) => c.json(new ApiError(404, 'api_not_found').body(callLocale(c)), 404));
  app.onError((err, c) => {
    console.error('[xs-api]', err);
    return c.json({ Status: 0, Error: new ApiError(500, 'server_error').body(callLocale(c)).Error }, 500);
  });
  return app;
}
