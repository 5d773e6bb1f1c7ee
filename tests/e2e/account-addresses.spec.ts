/**
 * The member's addresses (coverage.md §2 Account: Addresses, Modals "delete address"; §4 Address form;
 * §5 Address form; §8 success toasts): add, edit (a postcode of another state refused with its
 * message), make default (the default's box disabled), delete through the confirm modal, which
 * gives the default back to the demo's first address. In English on a desktop and in Arabic on a
 * phone, and without JavaScript (form posts, the confirm page); each leaves the demo addresses as it
 * found them (other tests deliver to the default).
 */
import type { Page } from '@playwright/test';
import { expect, test } from './test';
import { expectAccessible, loginWithDelivery } from './helpers';

test.describe.configure({ timeout: 120_000 });
const slow = expect.configure({ timeout: 20_000 });

type Texts = { added: string; updated: string; deleted: string; defaulted: string; save: RegExp; makeDefault: RegExp; del: RegExp; edit: RegExp; mismatch: string };

const EN: Texts = {
  added: 'Address has been added', updated: 'Address has been updated', deleted: 'Address has been deleted', defaulted: 'Default address has been updated',
  save: /^Save$/, makeDefault: /^Set as default$/, del: /^Delete$/, edit: /^Edit$/, mismatch: 'Postcode 50200 is not in Perak.',
};
const AR: Texts = {
  added: 'تمت إضافة العنوان', updated: 'تم تحديث العنوان', deleted: 'تم حذف العنوان', defaulted: 'تم تحديث العنوان الافتراضي',
  save: /^حفظ$/, makeDefault: /^تعيين كافتراضي$/, del: /^حذف$/, edit: /^تعديل$/, mismatch: 'الرمز البريدي 50200 ليس في Perak.',
};

/** A toast of the page (the banner shown without scripts is hidden once the toast is up). */
const toastOf = (page: Page, text: string) => page.locator('[data-toast]').filter({ hasText: text });

async function journey(page: Page, prefix: string, tx: Texts) {
  await loginWithDelivery(page, 'PICKUP', prefix);
  await page.goto(`${prefix}/account/addresses`);
  const cards = page.locator('[data-address]');
  const before = await cards.count();
  const demoDefault = await cards.first().getAttribute('data-address');
  await expect(cards.first().locator('[data-default-badge]')).toBeVisible();
  await expectAccessible(page);

  // Add
  await page.locator('[data-add-address]').click();
  const form = page.locator('form').filter({ has: page.locator('#af-add_person') });
  await slow(form).toBeVisible();
  await form.locator('#af-add_person').fill('Siti Aminah');
  await form.locator('#af-add_phone').fill('0129876543');
  await form.locator('#af-add_address1').fill('22, Jalan Sultan Idris Shah');
  await form.locator('#af-add_address2').fill('Taman Ipoh');
  await form.locator('#af-add_city').fill('Ipoh');
  await form.locator('#af-add_postcode').fill('31400');
  await form.locator('#af-state').selectOption('Perak');
  await expectAccessible(page);
  await form.getByRole('button', { name: tx.save }).click();
  await expect(page).toHaveURL(new RegExp(`${prefix}/account/addresses$`));
  await slow(toastOf(page, tx.added)).toBeVisible();
  await expect(cards).toHaveCount(before + 1);
  const added = cards.filter({ hasText: 'Siti Aminah' });
  await expect(added).toBeVisible();

  // Edit: a postcode of another state is refused with its field, then a good change is saved
  await added.getByRole('link', { name: tx.edit }).click();
  await slow(form).toBeVisible();
  await expect(form.locator('input[type=checkbox]')).toBeEnabled();
  await form.locator('#af-add_postcode').fill('50200');
  await form.getByRole('button', { name: tx.save }).click();
  await slow(form.getByText(tx.mismatch)).toBeVisible();
  await form.locator('#af-add_postcode').fill('31400');
  await form.locator('#af-add_person').fill('Siti Aminah Binti Ali');
  await form.getByRole('button', { name: tx.save }).click();
  await expect(page).toHaveURL(new RegExp(`${prefix}/account/addresses$`));
  await slow(toastOf(page, tx.updated)).toBeVisible();
  const edited = cards.filter({ hasText: 'Siti Aminah Binti Ali' });
  await expect(edited).toBeVisible();

  // Make default: first in the list, marked, its box disabled
  await edited.getByRole('button', { name: tx.makeDefault }).click();
  await slow(toastOf(page, tx.defaulted)).toBeVisible();
  await expect(cards.first()).toContainText('Siti Aminah Binti Ali');
  await expect(cards.first().locator('[data-default-badge]')).toBeVisible();
  await expect(page.locator('[data-default-badge]')).toHaveCount(1);
  await cards.first().getByRole('link', { name: tx.edit }).click();
  await slow(form.locator('input[type=checkbox]')).toBeDisabled();
  await expect(form.locator('input[type=checkbox]')).toBeChecked();
  await page.goBack();

  // Delete through the confirm modal: the demo's first address is the default again
  await page.goto(`${prefix}/account/addresses`);
  await cards.first().locator('[data-delete-address]').click();
  const dialog = page.locator('dialog[open]');
  await slow(dialog).toBeVisible();
  await expectAccessible(page);
  await dialog.getByRole('button', { name: tx.del }).click();
  await slow(toastOf(page, tx.deleted)).toBeVisible();
  await expect(cards).toHaveCount(before);
  await expect(cards.first()).toHaveAttribute('data-address', demoDefault!);
  await expect(page.locator('[data-default-badge]')).toHaveCount(1);
}

test.describe('English, desktop', () => {
  test.use({ viewport: { width: 1366, height: 900 } });
  test('add, edit, make default and delete an address', async ({ page }) => {
    await journey(page, '', EN);
  });
});

test.describe('Arabic, phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });
  test('add, edit, make default and delete an address', async ({ page }) => {
    await journey(page, '/ar', AR);
  });
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false, viewport: { width: 1366, height: 900 } });
  test('add (a refused postcode renders in place), make default, delete through the confirm page', async ({ page }) => {
    await page.goto('/login?redirect=%2Faccount%2Faddresses');
    await page.locator('#login-mobile').fill('0123456789');
    await page.locator('#login-password').fill('demo1234');
    await page.locator('[data-login-form] button').click();
    await expect(page).toHaveURL(/\/account\/addresses$/);
    const cards = page.locator('[data-address]');
    const before = await cards.count();
    const demoDefault = await cards.first().getAttribute('data-address');

    await page.locator('[data-add-address]').click();
    const fill = async (postcode: string) => {
      await page.locator('#af-add_person').fill('Kumar');
      await page.locator('#af-add_phone').fill('0161234567');
      await page.locator('#af-add_address1').fill('5, Jalan Besar');
      await page.locator('#af-add_address2').fill('Pekan');
      await page.locator('#af-add_city').fill('Ipoh');
      await page.locator('#af-add_postcode').fill(postcode);
      await page.locator('#af-state').selectOption('Perak');
    };
    await fill('50200');
    const refused = page.waitForResponse((r) => r.request().method() === 'POST');
    await page.getByRole('button', { name: /^Save$/ }).click();
    expect((await refused).status()).toBe(400);
    await expect(page.getByRole('alert')).toHaveText('Postcode 50200 is not in Perak.');
    await expect(page.locator('#af-add_city')).toHaveValue('Ipoh');
    await expect(page.locator('#af-state')).toHaveValue('Perak');
    await fill('31400');
    await page.getByRole('button', { name: /^Save$/ }).click();
    await expect(page).toHaveURL(/\/account\/addresses$/);
    await expect(page.locator('[data-address-notice]')).toHaveText('Address has been added');
    await expect(cards).toHaveCount(before + 1);

    await cards.filter({ hasText: 'Kumar' }).getByRole('button', { name: /^Set as default$/ }).click();
    await expect(page.locator('[data-address-notice]')).toHaveText('Default address has been updated');
    await expect(cards.first()).toContainText('Kumar');

    await cards.first().locator('[data-delete-address]').click();
    await expect(page).toHaveURL(/\/account\/addresses\/\d+\?confirm=delete$/);
    await page.locator('form[action*="addresses.remove"] button').click();
    await expect(page).toHaveURL(/\/account\/addresses$/);
    await expect(page.locator('[data-address-notice]')).toHaveText('Address has been deleted');
    await expect(cards).toHaveCount(before);
    await expect(cards.first()).toHaveAttribute('data-address', demoDefault!);
  });
});
