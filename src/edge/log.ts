/**
 * The edge build's `src/server/log.ts` (ADR 35): the same JSON lines (level, time, service, msg,
 * the fields), written with `console` (the platform's Workers Logs and `wrangler tail` collect
 * them) instead of pino, whose transports need Node. The redaction of the Node log applies
 * (./../server/log-fields.ts): listed fields are masked at the top level and two levels down, and
 * errors go through `errorFields`.
 *
 * LOG_LEVEL from the Worker's environment (default info). No request context: the request id
 * stays in the response's X-Request-Id header.
 */
import { errorFields, MASK, REDACTED_KEYS, requestId, scrub } from '../server/log-fields';
import { clock } from '../server/clock';
import { setting } from './settings';

export { errorFields, REDACTED_KEYS, requestId, scrub };

const LEVELS = { trace: 10, debug: 20, info: 30, warn: 40, error: 50, fatal: 60, silent: Infinity } as const;
type Level = Exclude<keyof typeof LEVELS, 'silent'>;
const REDACTED = new Set<string>(REDACTED_KEYS);

/** `fields` with every listed key masked, down to `depth` levels. */
function redact(fields: unknown, depth = 2): unknown {
  if (!fields || typeof fields !== 'object' || Array.isArray(fields)) return fields;
  return Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, REDACTED.has(k) ? MASK : depth > 0 ? redact(v, depth - 1) : v]));
}

function threshold(): number {
  const name = (setting('LOG_LEVEL') ?? 'info') as keyof typeof LEVELS;
  return LEVELS[name] ?? LEVELS.info;
}

function write(level: Level, fieldsOrMsg: unknown, msg?: string): void {
  if (LEVELS[level] < threshold()) return;
  const fields = typeof fieldsOrMsg === 'string' ? {} : (redact(fieldsOrMsg) as object);
  const text = typeof fieldsOrMsg === 'string' ? fieldsOrMsg : msg;
  const line = JSON.stringify({ level, time: clock.now().toISOString(), service: 'xs-storefront-edge', ...fields, ...(text ? { msg: text } : {}) });
  if (LEVELS[level] >= LEVELS.error) console.error(line);
  else if (level === 'warn') console.warn(line);
  else console.log(line);
}

/** A logger with pino's calling shape: `log.info({ fields }, 'message')` or `log.info('message')`. */
type LogFn = (fieldsOrMsg: unknown, msg?: string) => void;
export const log: Record<Level, LogFn> = {
  trace: (f, m) => write('trace', f, m),
  debug: (f, m) => write('debug', f, m),
  info: (f, m) => write('info', f, m),
  warn: (f, m) => write('warn', f, m),
  error: (f, m) => write('error', f, m),
  fatal: (f, m) => write('fatal', f, m),
};

/** Runs `fn`: at the edge the request id is not attached to the lines (see above). */
export function withRequestContext<T>(_reqId: string, fn: () => T): T {
  return fn();
}
