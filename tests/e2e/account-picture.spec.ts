/**
 * The profile picture (coverage.md §2 "user profile (with picture upload)", §8, §2 Header "the dropdown
 * shows avatar"): a PDF named .png is refused with the spec's text; a PNG is previewed, uploaded at
 * once with the success toast, and shows in the header's account menu and the side panel, also
 * after a reload (rendered by the server, served from /uploads).
 */
import { expect, test } from './test';
import sharp from 'sharp';
import { login } from './helpers';

test('uploads a profile picture on /account/profile and shows it in the header', async ({ page }) => {
  // The preview of the chosen file (a blob: URL) is allowed by the shop's own policy.
  const refused: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error' && /Content Security Policy/i.test(m.text())) refused.push(m.text());
  });
  await login(page);
  await page.goto('/account/profile');
  const input = page.locator('#profile-picture');

  await input.setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: Buffer.from('%PDF-1.4\n%%EOF\n') });
  await expect(page.locator('[data-picture-error]')).toHaveText('Only accept file type with jpg,jpeg and png format.');

  const png = await sharp({ create: { width: 640, height: 480, channels: 3, background: '#1e7a4c' } }).png().toBuffer();
  await input.setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: png });
  // The toast shows in the page's region, or in the delivery modal's while that is open.
  await expect(page.locator('[data-toast]', { hasText: 'Profile updated successfully' })).toBeVisible();
  const headerPicture = page.locator('header [data-account-menu] summary [data-avatar-img]');
  await expect(headerPicture).toHaveAttribute('src', /^\/uploads\/[0-9a-f]{32}\.webp$/);
  await expect(headerPicture).toBeVisible();
  await expect(page.locator('[data-picture-error]')).toBeHidden();
  expect(refused).toEqual([]);

  await page.reload();
  await expect(headerPicture).toBeVisible();
  await expect(headerPicture).toHaveAttribute('alt', /Mei Ling/);
  expect(await headerPicture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(512);
  await expect(page.locator('aside [data-avatar-img]')).toHaveAttribute('src', (await headerPicture.getAttribute('src'))!);
  const box = await headerPicture.boundingBox();
  expect([Math.round(box!.width), Math.round(box!.height)]).toEqual([32, 32]);
});
