/**
 * The build's memo of Astro's Content-Security-Policy hashes (scripts/lib/csp-digest-cache.mjs, ADR 17):
 * run on the installed Astro's own module text, the rewritten module gives the same digests as
 * WebCrypto, computes each text once, keeps no failure, and a module of another shape fails loudly.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { DECLARATION, MAX_KEPT, memoiseCspDigest } from '../../scripts/lib/csp-digest-cache.mjs';

const source = fs.readFileSync(path.resolve('node_modules/astro/dist/core/encryption.js'), 'utf8');
// Inside the project's node_modules, so the module's bare import (@oslojs/encoding) resolves as it does for Astro.
fs.mkdirSync(path.resolve('node_modules/.cache'), { recursive: true });
const dir = fs.mkdtempSync(path.resolve('node_modules/.cache/xs-csp-digest-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

/** Loads the rewritten module, with `digest` counting the WebCrypto calls. */
async function load() {
  // Its relative imports are pointed at Astro's own folder.
  const counted = memoiseCspDigest(source).replace('const hashBuffer = await crypto.subtle.digest(algorithm, encoder.encode(data));', 'globalThis.__digests = (globalThis.__digests ?? 0) + 1; const hashBuffer = await crypto.subtle.digest(algorithm, encoder.encode(data));');
  expect(counted).toContain('globalThis.__digests');
  const file = path.join(dir, `encryption-${Math.random().toString(36).slice(2)}.mjs`);
  fs.writeFileSync(file, counted.replace(/from "(\.\.?\/[^"]+)"/g, (_, rel) => `from ${JSON.stringify(pathToFileURL(path.resolve('node_modules/astro/dist/core', rel)).href)}`));
  return (await import(/* @vite-ignore */ pathToFileURL(file).href)) as { generateCspDigest: (data: string, algorithm: string) => Promise<string> };
}

describe('the memo of Astro’s CSP hashes', () => {
  it('gives WebCrypto’s digest, once per text and algorithm', async () => {
    const { generateCspDigest } = await load();
    const before = (globalThis as { __digests?: number }).__digests ?? 0;
    const text = 'body{color:red}';
    const expected = `sha256-${createHash('sha256').update(text).digest('base64')}`;
    const all = await Promise.all([generateCspDigest(text, 'SHA-256'), generateCspDigest(text, 'SHA-256'), generateCspDigest(text, 'SHA-256')]);
    expect(all).toEqual([expected, expected, expected]);
    expect(await generateCspDigest(text, 'SHA-512')).toBe(`sha512-${createHash('sha512').update(text).digest('base64')}`);
    expect(((globalThis as { __digests?: number }).__digests ?? 0) - before).toBe(2);
  });

  it('keeps at most MAX_KEPT texts, and no failed digest', async () => {
    const { generateCspDigest } = await load();
    for (let i = 0; i < MAX_KEPT + 10; i++) await generateCspDigest(`t${i}`, 'SHA-256');
    const before = (globalThis as { __digests?: number }).__digests ?? 0;
    await generateCspDigest('t0', 'SHA-256');
    await generateCspDigest(`t${MAX_KEPT + 5}`, 'SHA-256');
    expect(((globalThis as { __digests?: number }).__digests ?? 0) - before).toBe(1);
    await expect(generateCspDigest('x', 'NO-SUCH-ALGORITHM')).rejects.toThrow();
  });

  it('fails on a module that no longer declares the function as expected', () => {
    expect(source.split(DECLARATION)).toHaveLength(2);
    expect(() => memoiseCspDigest(source.replace(DECLARATION, 'async function generateCspDigest(text, algorithm) {'))).toThrow(/csp-digest-cache/);
  });
});
