/**
 * The bundled mobile e-commerce API (coverage.md §7) as a Hono app, served at
 * `/api/mobile_ecom/xs_api.php/<operation>[/<member>…]`. Built per database so tests get their own.
 * The payment providers' webhooks are answered before the API-key check (their signature is the
 * proof, ADR 10); the staff operations need a staff session besides the key (ADR 25).
 */
import { randomBytes } from 'node:crypto';
import { Hono } from 'hono';
import { API_BASE } from '../../lib/xs-api/contract';
import { buildOpenApi } from '../../lib/xs-api/openapi';
import type { Db } from './db/client';
import { ApiError } from './errors';
import { memoryLimits, type AbuseLimits } from './adapters/rate-limit';
import { errorFields, log } from '../log';
import { dummyPasswordHash } from './services/passwords';
import { smsFromEnv, type SmsSender } from './adapters/sms';
import { geocoderFromEnv, type MapsGeocoder } from './adapters/geocode-maps';
import { API_KEY_HEADER, callLocale, type ApiEnv, type ApiServices } from './http';
import { accessRoutes } from './routes/access';
import { addressRoutes } from './routes/addresses';
import { catalogueRoutes } from './routes/catalogue';
import { CatalogueSnapshot } from './services/catalogue-snapshot';
import { cartRoutes } from './routes/cart';
import { storeRoutes } from './routes/stores';
import { orderRoutes } from './routes/orders';
import { contentRoutes } from './routes/content';
import { reviewRoutes } from './routes/reviews';
import { favouriteRoutes } from './routes/favourites';
import { voucherRoutes } from './routes/vouchers';
import { paymentRoutes, paymentWebhookRoutes } from './routes/payments';
import { opsRoutes } from './routes/ops';
import { staffRoutes } from './routes/staff';
import { catalogueWriteRoutes } from './routes/catalogue-writes';
import { catalogueHqRoutes } from './routes/catalogue-hq';
import { notificationRoutes } from './routes/notifications';
import { feedbackRoutes } from './routes/feedback';
import { purchaseRoutes } from './routes/purchases';
import { pageChangeRoutes } from './routes/page-changes';
import { pushRoutes } from './routes/push';
import { pushFromConfig, type PushSender } from './adapters/push';
import { outboxDispatcher, type OutboxDispatcher } from './services/push/outbox';
import { sandboxAdapter } from './adapters/payment/sandbox';
import type { PaymentAdapter } from './adapters/payment/types';
import { DEFAULT_PAYMENT_WINDOW_MINUTES } from '../../domain/payment-window';
import { config } from '../config';
import type { CapacityDefaults } from '../../domain/slot-capacity';
import { decodeCleanPath, isCleanQuery } from '../../domain/input-text';
import { currentEnv } from '../settings';

export type XsApiOptions = {
  db: Db | (() => Promise<Db>);
  /** The fixed API key every call must send in the x-api-key header. */
  apiKey: string;
  /** Abuse limits (login, SMS requests, sign-up, cart, orders); in memory by default. */
  limits?: AbuseLimits;
  /** Text messages; the outbox (or the gateway of SMS_GATEWAY_URL) by default. */
  sms?: SmsSender;
  /** Public origin of the storefront for links in text messages and payment return pages; SITE_URL by default. */
  siteUrl?: string;
  /** The payment provider (ADR 10); the sandbox with `paymentSecret` by default. */
  payment?: PaymentAdapter;
  /** The sandbox's webhook secret when `payment` is not given (a random one by default). */
  paymentSecret?: string;
  /** Minutes an order may stay unpaid (PAYMENT_WINDOW_MINUTES); 30 by default. */
  paymentWindowMinutes?: number;
  /** The bootstrap token of `npm run ops` for the hq operations (ADR 25); null (default): staff sessions only. */
  opsToken?: string | null;
  /** Where profile pictures are stored (UPLOADS_DIR by default). */
  uploadsDir?: string;
  /** The maps geocoding service; from GEOCODER_URL and GEOCODER_KEY by default (null when unset: offline data only). */
  geocoder?: MapsGeocoder | null;
  /** Default capacities of an outlet (orders per pick-up slot, deliveries per day); from configuration by default. */
  capacity?: CapacityDefaults;
  /** Web Push (ADR 32); VAPID keys from configuration or the database's own by default. */
  push?: PushSender;
  /** Tests only: accept push endpoints on any http(s) address (a local push service). */
  allowAnyPushEndpoint?: boolean;
  /**
   * Sends the outbox's messages after the commit (services/push/outbox.ts); kicked after every POST.
   * By default one over this app's database, push sender and SMS sender.
   */
  outbox?: OutboxDispatcher;
};

/** What a direct call in the same process (./direct.ts) needs of an app that createXsApi made. */
export type AppServices = { db: () => Promise<Db>; services: ApiServices; afterWrite: () => void };
const appServices = new WeakMap<Hono<ApiEnv>, AppServices>();

/** The database, services and after-write step of an app made by createXsApi, or undefined for any other app. */
export function servicesOf(app: Hono<ApiEnv>): AppServices | undefined {
  return appServices.get(app);
}

/**
 * Creates the API app. A URL with a malformed %-sequence or a control character answers 400, bodies
 * with one 400 too (the contract's schemas); unknown operations answer 404 with an Error text;
 * only faults of our own answer 500.
 */
export function createXsApi({
  db,
  apiKey,
  limits = memoryLimits(),
  sms = smsFromEnv(),
  siteUrl,
  payment,
  paymentSecret = randomBytes(32).toString('base64url'),
  paymentWindowMinutes = DEFAULT_PAYMENT_WINDOW_MINUTES,
  opsToken = null,
  uploadsDir = config.uploadsDir,
  geocoder = geocoderFromEnv(),
  capacity = config.capacity,
  push = pushFromConfig(),
  allowAnyPushEndpoint = false,
  outbox,
}: XsApiOptions): Hono<ApiEnv> {
  const app = new Hono<ApiEnv>().basePath(API_BASE);
  const resolveDb = async () => (typeof db === 'function' ? await db() : db);
  // Made once per process, before the first login for an unknown number needs it.
  void dummyPasswordHash();
  const services: ApiServices = {
    limits,
    loginThrottle: limits.login,
    smsThrottle: limits.sms,
    sms,
    siteUrl: (siteUrl ?? currentEnv().SITE_URL ?? 'http://localhost:4321').replace(/\/+$/, ''),
    siteUrlConfigured: siteUrl !== undefined || !!currentEnv().SITE_URL,
    payment: payment ?? sandboxAdapter({ db: resolveDb, secret: paymentSecret }),
    paymentWindowMinutes,
    opsToken,
    uploadsDir,
    geocoder,
    capacity,
    push,
    allowAnyPushEndpoint,
    catalogue: new CatalogueSnapshot(),
  };
  const dispatcher = outbox ?? outboxDispatcher({ db: resolveDb, push, sms, siteUrl: services.siteUrl });
  // After a write has answered (its transaction committed), what it queued is sent (ADR 32): also
  // for the providers' webhooks (a failed payment), registered below before the key check.
  app.use('*', async (c, next) => {
    await next();
    if (c.req.method === 'POST') dispatcher.kick();
  });
  // The edge (issue "Hardened for the open internet"): a path with a malformed %-sequence or a
  // control character (NUL…) in the path or query answers 400 before any route reads it.
  app.use('*', async (c, next) => {
    const url = new URL(c.req.url);
    if (decodeCleanPath(url.pathname) === null || !isCleanQuery(url.searchParams)) {
      return c.json(new ApiError(400, 'input_invalid_address').body(callLocale(c)), 400);
    }
    await next();
  });
  // Providers' callbacks carry a signature, not our API key: registered before the key check.
  paymentWebhookRoutes(app, { db: resolveDb, services: () => services });
  // The contract itself is public (docs/openapi.json).
  app.get('/openapi.json', (c) => c.json(buildOpenApi()));
  app.use('*', async (c, next) => {
    c.set('locale', callLocale(c));
    if (c.req.header(API_KEY_HEADER) !== apiKey) {
      return c.json(new ApiError(401, 'api_key_invalid').body(c.get('locale')), 401);
    }
    c.set('db', await resolveDb());
    c.set('services', services);
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
  voucherRoutes(app);
  paymentRoutes(app);
  notificationRoutes(app);
  pageChangeRoutes(app);
  feedbackRoutes(app);
  purchaseRoutes(app);
  pushRoutes(app);
  opsRoutes(app);
  staffRoutes(app);
  catalogueWriteRoutes(app);
  catalogueHqRoutes(app);
  appServices.set(app, { db: resolveDb, services, afterWrite: () => dispatcher.kick() });
  app.notFound((c) => c.json(new ApiError(404, 'api_not_found').body(callLocale(c)), 404));
  app.onError((err, c) => {
    log.error({ ...errorFields(err), operation: new URL(c.req.url).pathname.slice(API_BASE.length + 1).split('/')[0] }, 'xs-api: unexpected fault');
    return c.json({ Status: 0, Error: new ApiError(500, 'server_error').body(callLocale(c)).Error }, 500);
  });
  return app;
}
