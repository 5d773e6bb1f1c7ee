/**
 * The deployment files an operator pastes (issue "Safe to run in production" §2, §8; README
 * "Container deployment"): compose.yaml's shops sit behind its one proxy (one trusted hop by
 * default, so limits count each visitor rather than the proxy), every setting of .env reaches them,
 * Redis asks for a password, logs rotate, the shops have resource limits, and every image from a
 * registry (compose's and the Dockerfile's base) is pinned by digest.
 */
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';

type Service = {
  image?: string;
  env_file?: string | string[];
  environment?: Record<string, string>;
  logging?: { driver: string; options: Record<string, string> };
  deploy?: { resources?: { limits?: { memory?: string; cpus?: string } } };
  command?: string[];
  healthcheck?: { test: string[] };
};
const compose = parse(fs.readFileSync('compose.yaml', 'utf8'), { merge: true }) as { services: Record<string, Service> };
const shops = ['shop1', 'shop2'].map((name) => compose.services[name]!);
const DIGEST = /@sha256:[0-9a-f]{64}$/;

describe('compose.yaml', () => {
  it('trusts its own proxy, one hop, unless .env says otherwise', () => {
    for (const shop of shops) expect(shop.environment?.TRUST_PROXY).toBe('${TRUST_PROXY:-1}');
  });

  it('passes every setting of .env to the shops', () => {
    for (const shop of shops) expect([shop.env_file].flat()).toContain('.env');
  });

  it('gives Redis a password, and the shops connect with it', () => {
    const redis = compose.services.redis!;
    expect(redis.command?.join(' ')).toContain('--requirepass');
    expect(redis.healthcheck?.test.join(' ')).toContain('REDISCLI_AUTH');
    for (const shop of shops) expect(shop.environment?.REDIS_URL).toMatch(/^redis:\/\/:\$\{REDIS_PASSWORD:\?[^}]*\}@redis:6379/);
  });

  it('rotates every service’s logs and limits the shops’ memory and CPU', () => {
    for (const [name, service] of Object.entries(compose.services)) {
      expect(service.logging?.options['max-size'], name).toBeTruthy();
      expect(service.logging?.options['max-file'], name).toBeTruthy();
    }
    for (const shop of shops) {
      expect(shop.deploy?.resources?.limits?.memory).toBeTruthy();
      expect(shop.deploy?.resources?.limits?.cpus).toBeTruthy();
    }
  });

  it('offers the storefront apart from its API (profile split): no database, calling shop1 with the shopper’s address', () => {
    const front = compose.services.storefront! as Service & { profiles?: string[] };
    expect(front.profiles).toEqual(['split']);
    expect(front.environment?.XS_API_URL).toBe('http://shop1:4321/api/mobile_ecom/xs_api.php');
    expect(front.environment?.DATABASE_URL).toBeUndefined();
    expect(front.environment?.XS_API_KEY).toBe(shops[0]!.environment?.XS_API_KEY);
    // shop1 trusts one hop, which is the storefront here: its per-IP limits count each shopper.
    expect(shops[0]!.environment?.TRUST_PROXY).toBe('${TRUST_PROXY:-1}');
  });

  it('pins every registry image by digest', () => {
    for (const [name, service] of Object.entries(compose.services)) {
      if (service.image === 'xs-storefront:latest') continue; // built here
      expect(service.image, name).toMatch(DIGEST);
    }
  });
});

describe('Dockerfile', () => {
  const dockerfile = fs.readFileSync('Dockerfile', 'utf8');
  it('builds on a base image pinned by digest', () => {
    expect(dockerfile).toMatch(/^ARG NODE_IMAGE=node:24-bookworm-slim@sha256:[0-9a-f]{64}$/m);
    for (const from of dockerfile.match(/^FROM .*/gm) ?? []) expect(from).toMatch(/^FROM \$\{NODE_IMAGE\} AS \w+$/);
  });
  it('copies only the traced runtime files into the runtime stage', () => {
    const runtime = dockerfile.slice(dockerfile.indexOf('AS runtime'));
    expect(runtime).toContain('COPY --from=build --chown=root:root /runtime/ ./');
    expect(runtime).not.toMatch(/npm (ci|install)/);
  });
});

describe('deploy/env.example', () => {
  const example = fs.readFileSync('deploy/env.example', 'utf8');
  /** Set by compose.yaml or the image itself, not by the operator's .env. */
  const SET_BY_THE_CONTAINER = ['PORT', 'HOST', 'DATABASE_URL', 'REDIS_URL', 'DATA_DIR', 'DATA_DIR_LOCK_STALE_MS', 'UPLOADS_DIR', 'BACKUP_DIR', 'MIGRATIONS_DIR'];
  it('lists every setting of the settings schema (commented out where the default serves)', async () => {
    const { SETTINGS } = await import('../../src/server/settings.ts');
    for (const name of Object.keys(SETTINGS)) {
      if (SET_BY_THE_CONTAINER.includes(name)) continue;
      expect(example, name).toMatch(new RegExp(`^(# )?${name}=`, 'm'));
    }
  });
});
