/**
 * The browser tests' `test` and `expect`: Playwright's, with `baseURL` (pages, contexts, `request`)
 * set to the shop of the worker that runs the test (tests/e2e/shops.ts), so a spec file runs alone
 * against its shop while another worker runs another file against another. Spec files import
 * `test` and `expect` from here, types from '@playwright/test'.
 */
import { test as base } from '@playwright/test';
import { shopUrl } from './shops';

export { expect } from '@playwright/test';

export const test = base.extend({
  // eslint-disable-next-line no-empty-pattern -- Playwright reads the fixtures a function asks for from this pattern
  baseURL: async ({}, use, testInfo) => use(shopUrl(testInfo.parallelIndex)),
});
