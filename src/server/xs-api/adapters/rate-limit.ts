/**
 * Login throttling (DESIGN: Redis via REDIS_URL for shared rate limits): failed logins are counted
 * per mobile number; after `LOGIN_MAX_FAILURES` within `LOGIN_WINDOW_S` the number is refused for
 * the rest of the window. In memory by default (one instance), in Redis when REDIS_URL is set so
 * every instance shares the count. Built on rate-limiter-flexible.
 */
import { RateLimiterMemory, RateLimiterRedis, type RateLimiterAbstract } from 'rate-limiter-flexible';

export const LOGIN_MAX_FAILURES = 5;
export const LOGIN_WINDOW_S = 15 * 60;

export type LoginThrottle = {
  /** Seconds to wait when the key is locked out, else 0. */
  blockedFor(key: string): Promise<number>;
  /** Counts a failed attempt. */
  fail(key: string): Promise<void>;
  /** Clears the count after a successful login. */
  reset(key: string): Promise<void>;
  /** Closes the connection to Redis, if any. */
  close(): Promise<void>;
};

function wrap(limiter: RateLimiterAbstract, close: () => Promise<void> = async () => {}): LoginThrottle {
  return {
    async blockedFor(key) {
      const res = await limiter.get(key);
      return res && res.consumedPoints >= LOGIN_MAX_FAILURES ? Math.ceil(res.msBeforeNext / 1000) : 0;
    },
    async fail(key) {
      await limiter.penalty(key, 1);
    },
    async reset(key) {
      await limiter.delete(key);
    },
    close,
  };
}

/** In-process throttle (tests, single instance). */
export function memoryLoginThrottle(): LoginThrottle {
  return wrap(new RateLimiterMemory({ keyPrefix: 'login', points: LOGIN_MAX_FAILURES, duration: LOGIN_WINDOW_S }));
}

/** The throttle for this environment: Redis when REDIS_URL is set, else memory. */
export async function loginThrottleFromEnv(env: NodeJS.ProcessEnv = process.env): Promise<LoginThrottle> {
  if (!env.REDIS_URL) return memoryLoginThrottle();
  const { Redis } = await import('ioredis');
  const client = new Redis(env.REDIS_URL, { maxRetriesPerRequest: 1 });
  const limiter = new RateLimiterRedis({ storeClient: client, keyPrefix: 'xs-login', points: LOGIN_MAX_FAILURES, duration: LOGIN_WINDOW_S });
  return wrap(limiter, async () => void (await client.quit()));
}
