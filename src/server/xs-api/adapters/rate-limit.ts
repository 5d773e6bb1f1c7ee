/**
 * Abuse limits (docs/architecture.md Security, Redis via REDIS_URL for shared rate limits), built on
 * rate-limiter-flexible: in memory by default (one instance), in Redis when REDIS_URL is set so every
 * instance shares the counts (the keys carry the same prefixes either way). Everything answers a
 * number of seconds to wait (0: go ahead), which the callers turn into 429 with Retry-After.
 *
 * - Login (`LoginThrottle`): failed logins are counted per mobile number and per client IP within
 *   `LOGIN_WINDOW_S`. Past a few free failures (`LOGIN_FREE_FAILURES` per number,
 *   `LOGIN_IP_FREE_FAILURES` per IP) each further failure makes the key wait before its next try:
 *   1 s, 2 s, 4 s… doubling up to `LOGIN_DELAY_CAP_S`. There is no lock-out: once the delay is over
 *   the owner's right password gets in (and clears the number's count; an IP's count is not cleared
 *   by a success, so logging into one's own account does not buy more guesses at others).
 * - Text messages (`SmsThrottle`): at most `SMS_MAX_REQUESTS` per number per `SMS_WINDOW_S`.
 * - Operations (`OPERATION_LIMITS`): sign-up, password-reset requests and resets, phone verification
 *   per client IP; add to cart and orders per member. Checked before the payload is read, so no
 *   password is hashed for a refused call.
 * - Every page and API call per client IP (`global`): `RATE_LIMIT_PER_MINUTE` (default 600).
 * - Collection codes (`collectionCode`): wrong codes per order; past `COLLECTION_CODE_FREE_FAILURES`
 *   within `COLLECTION_CODE_WINDOW_S` (src/domain/staff.ts) the order's hand-over waits out the window.
 */
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import { errorFields, log } from '../../log';
import { COLLECTION_CODE_FREE_FAILURES, COLLECTION_CODE_WINDOW_S } from '../../../domain/staff';
import { currentEnv, setting, type Env } from '../../settings';
import { ipKey } from '../../ip-key';

/** Failed logins are remembered for 15 minutes after the first one. */
export const LOGIN_WINDOW_S = 15 * 60;
/** Failures for a number before its tries are slowed down. */
export const LOGIN_FREE_FAILURES = 3;
/** Failures from one client IP (any numbers) before its tries are slowed down. */
export const LOGIN_IP_FREE_FAILURES = 10;
/** The first delay, doubled at each further failure, and its cap (seconds). */
export const LOGIN_DELAY_BASE_S = 1;
export const LOGIN_DELAY_CAP_S = 60;

/** Text messages a number may ask for (reset link, verification code) per `SMS_WINDOW_S`. */
export const SMS_MAX_REQUESTS = 3;
export const SMS_WINDOW_S = 15 * 60;

/** Calls per client IP per minute to pages and the API, unless RATE_LIMIT_PER_MINUTE says otherwise. */
export const DEFAULT_RATE_LIMIT_PER_MINUTE = 600;

/** Who an operation's limit counts: the client IP, or the member. */
export type LimitKey = 'ip' | 'member';
export type LimitRule = { by: LimitKey; points: number; durationS: number };

/** Operation name (coverage.md §7) → its limit. */
export const OPERATION_LIMITS = {
  insert_customer: { by: 'ip', points: 10, durationS: 60 * 60 },
  retrieve_password_by_SMS: { by: 'ip', points: 10, durationS: 60 * 60 },
  phone_verification: { by: 'ip', points: 10, durationS: 60 * 60 },
  reset_password: { by: 'ip', points: 10, durationS: 15 * 60 },
  add_cart: { by: 'member', points: 120, durationS: 60 },
  buy_again: { by: 'member', points: 30, durationS: 60 },
  add_order: { by: 'member', points: 20, durationS: 10 * 60 },
  /** The outlet search by postcode or town may ask the maps service (a paid one, when configured). */
  locate_place: { by: 'ip', points: 60, durationS: 60 },
} as const satisfies Record<string, LimitRule>;
export type LimitedOperation = keyof typeof OPERATION_LIMITS;

/** The key a client IP is counted under (an IPv6 address by its /64): src/server/ip-key.ts. */
export { ipKey };

/** Seconds to wait for a refused `consume`, at least 1. */
const waitOf = (res: RateLimiterRes) => Math.max(1, Math.ceil(res.msBeforeNext / 1000));

/** A counter of calls per key: `take` counts one and answers the seconds to wait when over the limit, else 0. */
export type Bucket = { take(key: string): Promise<number> };

function bucket(limiter: RateLimiterAbstract): Bucket {
  return {
    async take(key) {
      try {
        await limiter.consume(key, 1);
        return 0;
      } catch (res) {
        if (res instanceof RateLimiterRes) return waitOf(res);
        throw res;
      }
    },
  };
}

export type LoginThrottle = {
  /** Seconds the number (and the client IP, when known) must still wait before trying, else 0. */
  blockedFor(number: string, ip?: string | null): Promise<number>;
  /** Counts a failed attempt for the number (and the IP) and sets the next delay. */
  fail(number: string, ip?: string | null): Promise<void>;
  /** Clears the number's count after a successful login. */
  reset(number: string): Promise<void>;
  /** Closes the connection to Redis, if any. */
  close(): Promise<void>;
};

/** Text-message requests per number. */
export type SmsThrottle = Bucket;

/** Failures counted per key: once `free` are spent within the window, the key waits until it ends. */
export type FailureCounter = {
  /** Seconds `key` must wait before its next try, else 0. */
  blockedFor(key: string): Promise<number>;
  /** Counts a failure for `key`. */
  fail(key: string): Promise<void>;
};

/**
 * The delay after the `failures`-th failure when `free` are allowed: 0 up to `free`, then
 * 1, 2, 4… seconds, at most `LOGIN_DELAY_CAP_S`. E.g. loginDelayS(4, 3) = 1, loginDelayS(10, 3) = 60.
 */
export function loginDelayS(failures: number, free: number): number {
  if (failures <= free) return 0;
  return Math.min(LOGIN_DELAY_CAP_S, LOGIN_DELAY_BASE_S * 2 ** Math.min(failures - free - 1, 30));
}

/** Everything the API and the pages limit, on one store. */
export type AbuseLimits = {
  login: LoginThrottle;
  sms: SmsThrottle;
  /** Seconds to wait for a call of a limited operation by `key` (the member code or the client IP), else 0. */
  operation(name: LimitedOperation, key: string): Promise<number>;
  /** Pages and API calls per client IP (an IPv6 address counted by its /64). */
  global: Bucket;
  /** Wrong collection codes per order number. */
  collectionCode: FailureCounter;
  close(): Promise<void>;
};

export type LimitsOptions = {
  /** Calls per client IP per minute to pages and the API (RATE_LIMIT_PER_MINUTE). */
  perMinute?: number;
  /** Overrides of the operations' limits (tests give generous ones). */
  operations?: Partial<Record<LimitedOperation, Partial<LimitRule>>>;
  /** Multiplies every operation's allowance (RATE_LIMIT_SCALE, default 1): 100 for a load test. */
  operationScale?: number;
  /** Put before every key prefix (default 'xs'): instances with the same one share the counts. */
  namespace?: string;
  /** Redis only: how long a call waits for Redis before counting in memory (ms, default REDIS_LIMIT_TIMEOUT_MS). */
  redisTimeoutMs?: number;
  /** Client IPs never limited per IP (RATE_LIMIT_EXEMPT_IPS: monitoring, a test runner); per-number and per-member limits still apply. */
  exemptIps?: readonly string[];
};

type MakeLimiter = (opts: { keyPrefix: string; points: number; duration: number }) => RateLimiterAbstract;

function build(makeLimiter: MakeLimiter, options: LimitsOptions, close: () => Promise<void>): AbuseLimits {
  const ns = options.namespace ?? 'xs';
  const exempt = new Set(options.exemptIps ?? []);
  /** The key of a client IP, or null when it is not counted. */
  const ipOf = (ip: string | null | undefined) => (ip && !exempt.has(ip) ? `ip:${ipKey(ip)}` : null);
  const make: MakeLimiter = (o) => makeLimiter({ ...o, keyPrefix: `${ns}-${o.keyPrefix}` });
  const failures = make({ keyPrefix: 'login-fail', points: 1_000_000, duration: LOGIN_WINDOW_S });
  const delays = make({ keyPrefix: 'login-wait', points: 1, duration: LOGIN_DELAY_CAP_S });
  const waitFor = async (key: string) => {
    const res = await delays.get(key);
    return res && res.consumedPoints > 1 ? waitOf(res) : 0;
  };
  const failOne = async (key: string, free: number) => {
    const res = await failures.penalty(key, 1);
    const delay = loginDelayS(res.consumedPoints, free);
    if (delay > 0) await delays.block(key, delay);
  };
  const login: LoginThrottle = {
    async blockedFor(number, ip) {
      const ipk = ipOf(ip);
      const waits = await Promise.all([waitFor(`n:${number}`), ipk ? waitFor(ipk) : 0]);
      return Math.max(...waits);
    },
    async fail(number, ip) {
      const ipk = ipOf(ip);
      await Promise.all([failOne(`n:${number}`, LOGIN_FREE_FAILURES), ipk ? failOne(ipk, LOGIN_IP_FREE_FAILURES) : undefined]);
    },
    async reset(number) {
      await Promise.all([failures.delete(`n:${number}`), delays.delete(`n:${number}`)]);
    },
    close,
  };
  const ops = Object.fromEntries(
    Object.entries(OPERATION_LIMITS).map(([name, rule]) => {
      const r = { ...rule, ...options.operations?.[name as LimitedOperation] };
      const points = Math.max(1, Math.round(r.points * (options.operationScale ?? 1)));
      return [name, bucket(make({ keyPrefix: `op-${name}`, points, duration: r.durationS }))];
    }),
  ) as Record<LimitedOperation, Bucket>;
  const perIp = bucket(make({ keyPrefix: 'global', points: options.perMinute ?? DEFAULT_RATE_LIMIT_PER_MINUTE, duration: 60 }));
  const globalBucket: Bucket = {
    take: async (ip) => {
      const ipk = ipOf(ip);
      return ipk ? perIp.take(ipk) : 0;
    },
  };
  const codeFailures = make({ keyPrefix: 'collect-fail', points: COLLECTION_CODE_FREE_FAILURES, duration: COLLECTION_CODE_WINDOW_S });
  const collectionCode: FailureCounter = {
    async blockedFor(key) {
      const res = await codeFailures.get(key);
      return res && res.consumedPoints >= COLLECTION_CODE_FREE_FAILURES ? waitOf(res) : 0;
    },
    async fail(key) {
      await codeFailures.penalty(key, 1);
    },
  };
  return {
    login,
    collectionCode,
    sms: bucket(make({ keyPrefix: 'sms', points: SMS_MAX_REQUESTS, duration: SMS_WINDOW_S })),
    operation: async (name, key) => {
      if (OPERATION_LIMITS[name].by === 'member') return ops[name].take(key);
      const ipk = ipOf(key);
      return ipk ? ops[name].take(ipk) : 0;
    },
    global: globalBucket,
    close,
  };
}

/** Limits kept in this process (tests, a single instance). */
export function memoryLimits(options: LimitsOptions = {}): AbuseLimits {
  return build((o) => new RateLimiterMemory(o), options, async () => {});
}

/**
 * How long a call to Redis for a limit may take before the call counts in memory instead (ms), and
 * how long the limits wait for Redis's first connection at start. A Redis that accepts connections
 * but never answers must not hold up every page (issue "Safe to run in production" §6: readiness
 * answers within 2 s with a dependency down).
 */
export const REDIS_LIMIT_TIMEOUT_MS = 500;

/**
 * Limits kept in Redis at `url` (e.g. 'redis://127.0.0.1:6379/7'): instances on the same Redis share
 * every count. While Redis does not answer — refused, unreachable, or connected but silent — each
 * instance counts in its own memory (the limiters' insurance): a call goes there at once while the
 * connection is not ready, and after REDIS_LIMIT_TIMEOUT_MS when Redis stops answering on an open
 * connection. A warning is logged at most once a minute, so an outage of Redis never takes the shop down.
 */
export async function redisLimits(url: string, options: LimitsOptions = {}): Promise<AbuseLimits> {
  const { Redis } = await import('ioredis');
  const timeoutMs = options.redisTimeoutMs ?? REDIS_LIMIT_TIMEOUT_MS;
  const client = new Redis(url, {
    maxRetriesPerRequest: 1,
    enableOfflineQueue: false,
    connectTimeout: 2_000,
    commandTimeout: timeoutMs,
  });
  let warned = 0;
  client.on('error', (err) => {
    // eslint-disable-next-line no-restricted-syntax -- how often a warning is logged is real time
    if (Date.now() - warned < 60_000) return;
    // eslint-disable-next-line no-restricted-syntax -- as above
    warned = Date.now();
    log.warn(errorFields(err), 'rate limits: Redis does not answer; counting in memory meanwhile');
  });
  // The first connection, for at most the timeout: until Redis is ready, counts go to memory.
  await new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, timeoutMs);
    const done = () => {
      clearTimeout(timer);
      resolve();
    };
    client.once('ready', done);
    client.once('error', done);
  });
  return build(
    (o) => new RateLimiterRedis({ storeClient: client, insuranceLimiter: new RateLimiterMemory(o), rejectIfRedisNotReady: true, ...o }),
    options,
    async () => void (await client.quit().catch(() => client.disconnect())),
  );
}

/**
 * The per-minute limit of RATE_LIMIT_PER_MINUTE: a whole number ≥ 1 (default 600, the schema's:
 * src/server/settings.ts). @throws Error naming the variable for anything else.
 */
export function perMinuteFromEnv(env: Env = currentEnv()): number {
  return setting('RATE_LIMIT_PER_MINUTE', env);
}

/** RATE_LIMIT_EXEMPT_IPS: client IPs separated by commas or spaces, e.g. '127.0.0.1, ::1'. @throws Error naming it when one is not an IP. */
export function exemptIpsFromEnv(env: Env = currentEnv()): string[] {
  return setting('RATE_LIMIT_EXEMPT_IPS', env);
}

/**
 * RATE_LIMIT_KEY_PREFIX: the prefix of every limit's keys in Redis (default 'xs'), so two shops
 * (production and staging, say) can share one Redis without sharing counts. Letters, digits, '-'
 * and '_', at most 40. @throws Error naming the variable for anything else.
 */
export function keyPrefixFromEnv(env: Env = currentEnv()): string {
  return setting('RATE_LIMIT_KEY_PREFIX', env);
}

/**
 * RATE_LIMIT_SCALE: a number from 0.01 to 1000 (default 1) multiplying every operation's allowance
 * (sign-ups, text messages, resets, add to cart, orders); not the login delays. For a browser test
 * run or a load test, where one member orders far more than a shopper would.
 * @throws Error naming the variable for anything else.
 */
export function operationScaleFromEnv(env: Env = currentEnv()): number {
  return setting('RATE_LIMIT_SCALE', env);
}

/**
 * The limits for this environment: Redis when REDIS_URL is set, else memory; RATE_LIMIT_PER_MINUTE,
 * RATE_LIMIT_EXEMPT_IPS, RATE_LIMIT_KEY_PREFIX, RATE_LIMIT_SCALE.
 */
export async function limitsFromEnv(env: Env = currentEnv()): Promise<AbuseLimits> {
  const options = { perMinute: perMinuteFromEnv(env), exemptIps: exemptIpsFromEnv(env), namespace: keyPrefixFromEnv(env), operationScale: operationScaleFromEnv(env) };
  const redisUrl = setting('REDIS_URL', env);
  return redisUrl ? redisLimits(redisUrl, options) : memoryLimits(options);
}
