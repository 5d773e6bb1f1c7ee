/**
 * "Order news on this device" on the profile (ADR 32), in EN and AR with axe: with the shop's own
 * service worker (registered by every page, ADR 31) the switch says order news is off here and
 * offers to switch it on; in a browser that runs no service worker (Playwright's `serviceWorkers:
 * 'block'`) it says order news is not available on this device or browser, with no button.
 */
import { expect, test } from './test';
import { expectAccessible, loginWithDelivery } from './helpers';

// The shop's own service worker is what this file tests (the other browser tests block it).
test.use({ serviceWorkers: 'allow' });

const WORDS = {
  EN: { unavailable: 'Order news is not available on this device or browser.', on: 'Switch on', off: 'Off for this device.' },
  AR: { unavailable: 'أخبار الطلبات غير متاحة على هذا الجهاز أو المتصفح.', on: 'تشغيل', off: 'متوقفة على هذا الجهاز.' },
};

for (const [lang, prefix] of [['EN', ''], ['AR', '/ar']] as const) {
  test(`${lang}: the switch offers order news with the shop's worker, and says when a browser cannot have it`, async ({ page, browser }) => {
    const words = WORDS[lang];
    await loginWithDelivery(page, 'DELIVERY', prefix);
    await page.evaluate(() => navigator.serviceWorker.ready);
    await page.goto(`${prefix}/account/profile`);
    const optin = page.locator('[data-push-optin]');
    await expect(optin.getByRole('status')).toHaveText(words.off);
    await expect(optin.getByRole('button', { name: words.on })).toBeVisible();
    await expectAccessible(page);

    // The same member in a browser that runs no service worker.
    const blocked = await browser.newContext({ serviceWorkers: 'block' });
    try {
      await blocked.addCookies(await page.context().cookies());
      const other = await blocked.newPage();
      await other.goto(new URL(`${prefix}/account/profile`, page.url()).href);
      const there = other.locator('[data-push-optin]');
      await expect(there.getByRole('status')).toHaveText(words.unavailable);
      await expect(there.getByRole('button')).toBeHidden();
      await expectAccessible(other);
    } finally {
      await blocked.close();
    }
  });
}
