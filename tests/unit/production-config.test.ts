/** Settings a production server refuses (README Configuration: NODE_ENV; src/server/settings.ts). */
import { describe, expect, it } from 'vitest';
import { productionConfigProblems } from '../../src/server/settings.ts';

const SAFE = { NODE_ENV: 'production', XS_API_KEY: 'our-own-key-0123456789', SESSION_SECRET: 'x'.repeat(32) };

describe('productionConfigProblems', () => {
  it('accepts anything outside production: the zero-configuration demo', () => {
    expect(productionConfigProblems({})).toEqual([]);
    expect(productionConfigProblems({ XS_API_KEY: 'xs-local-dev-key', SESSION_SECRET: 'short', COOKIE_SECURE: 'false', SITE_URL: 'https://a.my' })).toEqual([]);
  });

  it('accepts a safe production configuration, with or without SITE_URL', () => {
    expect(productionConfigProblems(SAFE)).toEqual([]);
    expect(productionConfigProblems({ ...SAFE, SITE_URL: 'https://shop.example.my', COOKIE_SECURE: 'true' })).toEqual([]);
    // Plain-HTTP demo in production mode may turn the Secure flag off.
    expect(productionConfigProblems({ ...SAFE, SITE_URL: 'http://10.0.0.5:4321', COOKIE_SECURE: 'false' })).toEqual([]);
    // On the embedded database the secret may be generated.
    expect(productionConfigProblems({ NODE_ENV: 'production', XS_API_KEY: 'k' })).toEqual([]);
  });

  it('names the variable of each unsafe setting', () => {
    expect(productionConfigProblems({ ...SAFE, XS_API_KEY: undefined })).toEqual([expect.stringMatching(/^XS_API_KEY: .*xs-local-dev-key/)]);
    expect(productionConfigProblems({ ...SAFE, XS_API_KEY: 'xs-local-dev-key' })).toEqual([expect.stringMatching(/^XS_API_KEY: /)]);
    expect(productionConfigProblems({ ...SAFE, SESSION_SECRET: 'x'.repeat(31) })).toEqual([expect.stringMatching(/^SESSION_SECRET: .*32/)]);
    expect(productionConfigProblems({ ...SAFE, SESSION_SECRET: undefined, DATABASE_URL: 'postgres://db/shop' })).toEqual([expect.stringMatching(/^SESSION_SECRET: /)]);
    expect(productionConfigProblems({ ...SAFE, SITE_URL: 'https://shop.example.my', COOKIE_SECURE: 'false' })).toEqual([expect.stringMatching(/^COOKIE_SECURE: /)]);
    expect(productionConfigProblems({ NODE_ENV: 'production', SESSION_SECRET: 'short' })).toHaveLength(2);
    expect(productionConfigProblems({ ...SAFE, GEOCODER_URL: 'http://maps.example.com/geocode/json' })).toEqual([expect.stringMatching(/^GEOCODER_URL: .*https/)]);
    expect(productionConfigProblems({ ...SAFE, GEOCODER_URL: 'not a url' })).toEqual([expect.stringMatching(/^GEOCODER_URL: /)]);
    expect(productionConfigProblems({ ...SAFE, GEOCODER_URL: 'https://maps.googleapis.com/maps/api/geocode/json', GEOCODER_KEY: 'k' })).toEqual([]);
  });
});
