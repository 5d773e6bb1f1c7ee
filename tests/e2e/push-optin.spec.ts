/**
 * "Order news on this device" on the profile (ADR 32), in EN and AR with axe: without the shop's
 * service worker the switch says order news is not available on this device or browser (the page
 * copes with `navigator.serviceWorker.getRegistration()` finding none); with a worker registered at
 * /sw.js (scope /) it says order news is off here and offers to switch it on.
 */
import { expect, test } from './test';
import { expectAccessible, loginWithDelivery } from './helpers';

const WORDS = {
  EN: { unavailable: 'Order news is not available on this device or browser.', on: 'Switch on', off: 'Off for this device.' },
  AR: { unavailable: 'أخبار الطلبات غير متاحة على هذا الجهاز أو المتصفح.', on: 'تشغيل', off: 'متوقفة على هذا الجهاز.' },
};

for (const [lang, prefix] of [['EN', ''], ['AR', '/ar']] as const) {
  test(`${lang}: the switch says when push is not available, and offers it once a service worker is there`, async ({ page, context }) => {
    const words = WORDS[lang];
    await loginWithDelivery(page, 'DELIVERY', prefix);
    await page.goto(`${prefix}/account/profile`);
    const optin = page.locator('[data-push-optin]');
    await expect(optin.getByRole('status')).toHaveText(words.unavailable);
    await expect(optin.getByRole('button')).toBeHidden();
    await expectAccessible(page);

    // The service worker the shop registers at /sw.js (served here by the test).
    await context.route('**/sw.js', (r) => r.fulfill({ contentType: 'text/javascript', body: "self.addEventListener('push', () => {});" }));
    await page.evaluate(() => navigator.serviceWorker.register('/sw.js', { scope: '/' }).then(() => navigator.serviceWorker.ready));
    await page.reload();
    await expect(optin.getByRole('status')).toHaveText(words.off);
    await expect(optin.getByRole('button', { name: words.on })).toBeVisible();
    await expectAccessible(page);
  });
}
