/**
 * compose.yaml's shops sit behind its one proxy (issue "Safe to run in production" §2): they trust
 * one hop of X-Forwarded-For by default, so limits count each visitor rather than the proxy, and the
 * operator's .env reaches the settings an operator tunes.
 */
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';

const compose = fs.readFileSync('compose.yaml', 'utf8');
const shopEnv = compose.slice(compose.indexOf('x-shop:'), compose.indexOf('services:'));

describe('compose.yaml', () => {
  it('trusts its own proxy, one hop, unless .env says otherwise', () => {
    expect(shopEnv).toMatch(/^\s+TRUST_PROXY: \$\{TRUST_PROXY:-1\}$/m);
  });

  it('passes the settings an operator tunes from .env', () => {
    for (const name of ['LOG_LEVEL', 'RATE_LIMIT_PER_MINUTE', 'RATE_LIMIT_EXEMPT_IPS', 'RATE_LIMIT_KEY_PREFIX', 'PICKUP_SLOT_CAPACITY', 'DELIVERY_DAY_CAPACITY', 'OPS_TOKEN', 'SITE_URL']) {
      expect(shopEnv, name).toMatch(new RegExp(`^\\s+${name}: \\$\\{${name}[:?-]`, 'm'));
    }
  });
});
