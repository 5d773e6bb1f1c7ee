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

/** Text messages a number may ask for (reset link, verification code) per `SMS_WINDOW_S`. */
export const SMS_MAX_REQUESTS = 3;
export const SMS_WINDOW_S = 15 * 60;

/** Counts SMS requests per number; `take` answers the seconds to wait when over the limit, else 0. */
export type SmsThrottle = { take(key: string): Promise<number> };

/** In-process SMS throttle: at most 3 requests per number per 15 minutes. */
export function memorySmsThrottle(): SmsThrottle {
  const limiter = new RateLimiterMemory({ keyPrefix: 'sms', points: SMS_MAX_REQUESTS, duration: SMS_WINDOW_S });
  return {
    async take(key) {
      try {
        await limiter.consume(key, 1);
        return 0;
      } catch (res) {
        return Math.max(1, Math.ceil(((res as { msBeforeNext?: number }).msBeforeNext ?? 1000) / 1000));
      }
    },
  };
}
