/**
 * The home page's birthday voucher claim (BirthdayClaim.astro; coverage.md §2 Home, §4 Birthday): for
 * a logged-in member whose session summary (`$session`) says is_birthday 1 and birthday_claimed 0,
 * loads the modal's code (./birthday-modal.ts) and shows it, once. Does nothing on a page without
 * the modal's template.
 */
import { $session } from '../../../stores/session';

/** Watches the session and shows the birthday modal when the member may claim. */
export function startBirthdayClaim(): void {
  const template = document.querySelector<HTMLTemplateElement>('template[data-birthday-template]');
  if (!template) return;
  let loading = false;
  $session.subscribe((s) => {
    if (loading || !s || s.is_birthday !== 1 || s.birthday_claimed !== 0) return;
    loading = true;
    void import('./birthday-modal').then((m) => m.showBirthdayModal(template, s.customer_firstname));
  });
}
