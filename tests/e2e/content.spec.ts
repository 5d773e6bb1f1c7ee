/**
 * Content pages (coverage.md §1 Content pages, Member zone facts, opening hours, 22 outlets; §2 /about-us,
 * /privacy-policy, /member-zone, /outlets, /contacts): each answers in EN, ZH and AR with the right
 * language and direction, shows its facts, passes the axe check and fits a phone in Arabic.
 */
import { expect, test } from './test';
import { expectAccessible } from './helpers';

const PAGES: { path: string; heading: Record<'en' | 'zh' | 'ar', string> }[] = [
  { path: '/about-us', heading: { en: 'About Us', zh: '关于我们', ar: 'من نحن' } },
  { path: '/privacy-policy', heading: { en: 'Privacy Policy', zh: '隐私政策', ar: 'سياسة الخصوصية' } },
  { path: '/member-zone', heading: { en: 'Member Zone', zh: '会员专区', ar: 'منطقة الأعضاء' } },
  { path: '/outlets', heading: { en: 'Our Outlets', zh: '门市一览', ar: 'فروعنا' } },
  { path: '/contacts', heading: { en: 'Contact Us', zh: '联系我们', ar: 'اتصل بنا' } },
];
const LANG = { en: { prefix: '', lang: 'en', dir: 'ltr' }, zh: { prefix: '/zh', lang: 'zh-Hans', dir: 'ltr' }, ar: { prefix: '/ar', lang: 'ar', dir: 'rtl' } } as const;

for (const p of PAGES) {
  for (const locale of ['en', 'zh', 'ar'] as const) {
    const { prefix, lang, dir } = LANG[locale];
    test(`${prefix}${p.path} answers in ${locale}`, async ({ page }) => {
      const res = await page.goto(`${prefix}${p.path}`);
      expect(res?.status()).toBe(200);
      await expect(page.locator('html')).toHaveAttribute('lang', lang);
      await expect(page.locator('html')).toHaveAttribute('dir', dir);
      await expect(page.getByRole('heading', { level: 1, name: p.heading[locale] })).toBeVisible();
      await expect(page).toHaveTitle(new RegExp(`^${p.heading[locale]} — `));
      expect(await page.locator('meta[name="description"]').getAttribute('content')).toBeTruthy();
      if (locale === 'en') await expectAccessible(page);
    });
  }
}

test('/outlets lists the 22 outlets by state with phone, badges and map links', async ({ page }) => {
  await page.goto('/outlets');
  const outlets = page.locator('[data-outlet]');
  await expect(outlets).toHaveCount(22);
  expect(await page.locator('main h2').count()).toBeGreaterThan(1);
  await expect(outlets.first().locator('a[href^="tel:+60"]')).toBeVisible();
  await expect(outlets.first().locator('a[href^="https://www.google.com/maps/search/?api=1&query="]')).toBeVisible();
  expect(await page.locator('[data-badge]').count()).toBeGreaterThanOrEqual(22);
  await expect(outlets.first()).toContainText('Monday to Friday, 8.00 a.m. to 5.30 p.m.');
});

test('/contacts shows contact details, WhatsApp and the outlets link', async ({ page }) => {
  await page.goto('/contacts');
  await expect(page.locator('main a[href^="mailto:"]')).toBeVisible();
  await expect(page.locator('main a[href^="tel:"]')).toBeVisible();
  await expect(page.locator('[data-contact-whatsapp]')).toHaveAttribute('href', /^https:\/\/wa\.me\/\d+$/);
  await expect(page.locator('[data-opening-hours]')).toHaveText('Monday to Friday, 8.00 a.m. to 5.30 p.m.');
  await page.locator('[data-outlets-link]').click();
  await expect(page).toHaveURL(/\/outlets$/);
});

test('member zone shows RM 10 per 500 points, the RM 3.00 fee and the RM 100 business receipt', async ({ page }) => {
  await page.goto('/member-zone');
  await expect(page.locator('[data-member-fact="rebate"]')).toContainText('RM 10');
  await expect(page.locator('[data-member-fact="rebate"]')).toContainText('500 points');
  await expect(page.locator('[data-member-fact="fee"]')).toContainText('RM 3.00');
  await expect(page.locator('[data-member-fact="business"]')).toContainText('RM 100.00');
  await expect(page.locator('[data-content="member-zone"]')).toContainText('worth a RM 10.00 rebate');
  await expect(page.locator('[data-content="member-zone"]')).not.toContainText('{{');
});

test('about us shows the business age for the current year and the milestones', async ({ page }) => {
  const year = Number(new Intl.DateTimeFormat('en', { timeZone: 'Asia/Kuala_Lumpur', year: 'numeric' }).format(new Date()));
  const age = year - 2007;
  await page.goto('/about-us');
  await expect(page.locator('[data-business-age]')).toHaveAttribute('data-business-age', String(age));
  await expect(page.locator('[data-business-age]')).toHaveText(`${age} years in business`);
  const body = page.locator('[data-content="about-us"]');
  await expect(body).toContainText(`Today, ${age} years on`);
  for (const y of ['2007', '2015', '2024']) await expect(body).toContainText(y);
  for (const h of ['Mission', 'Vision', 'Core values', 'Certifications', 'Milestones']) await expect(body.getByRole('heading', { name: h })).toBeVisible();
});

test.describe('Arabic on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  for (const p of PAGES) {
    test(`/ar${p.path} fits 390 px`, async ({ page }) => {
      await page.goto(`/ar${p.path}`);
      const { scroll, client } = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, client: document.documentElement.clientWidth }));
      expect(scroll).toBeLessThanOrEqual(client);
      if (p.path === '/about-us') await expectAccessible(page);
    });
  }
});
