/**
 * The birthday claim modal's behaviour (coverage.md §4 Birthday), loaded by BirthdayClaim.astro only for a
 * member who may claim. It waits while the delivery-method modal is open (coverage.md §4: that one opens
 * by itself for a member without a delivery choice), then opens its <dialog>:
 * - Claim posts the form to the `birthday.claim` Action; success (voucher_created 1) goes to the
 *   vouchers page the Action names, where its flash shows; a refusal is shown in the modal in the
 *   shopper's language and Claim is enabled again.
 * - Maybe later, Escape or a click on the backdrop close it; it stays closed for the rest of the
 *   browser session (sessionStorage), and comes back on a later visit until claimed.
 */
import { $deliveryModalOpen } from '../../delivery/shipping';
import { callAction } from '../../shared/action-fetch';

/** sessionStorage key set when the member chose Maybe later. */
export const BIRTHDAY_LATER_KEY = 'birthday-later';

let shown = false;

function laterChosen(): boolean {
  try {
    return sessionStorage.getItem(BIRTHDAY_LATER_KEY) === '1';
  } catch {
    return false;
  }
}

/** Opens the claim modal made from `template` for the member named `name` (at most once per page). */
export function showBirthdayModal(template: HTMLTemplateElement, name: string): void {
  if (shown || laterChosen()) return;
  shown = true;
  const dialog = (template.content.firstElementChild as HTMLDialogElement).cloneNode(true) as HTMLDialogElement;
  // The member's own text, in the title's <bdi> (isolated, so a Latin name reads right in Arabic).
  dialog.querySelector<HTMLElement>('[data-birthday-name]')!.textContent = name;
  const form = dialog.querySelector<HTMLFormElement>('[data-birthday-form]')!;
  const error = dialog.querySelector<HTMLElement>('[data-birthday-error]')!;
  const claim = dialog.querySelector<HTMLButtonElement>('[data-birthday-claim]')!;
  document.body.append(dialog);

  let done = false;
  const stop = $deliveryModalOpen.subscribe((deliveryOpen) => {
    if (done) return;
    if (deliveryOpen && dialog.open) dialog.close();
    else if (!deliveryOpen && !dialog.open) {
      dialog.showModal();
      claim.focus();
    }
  });
  const dismiss = () => {
    done = true;
    stop();
    try {
      sessionStorage.setItem(BIRTHDAY_LATER_KEY, '1');
    } catch {
      // storage unavailable: the modal simply comes back on the next page load
    }
    dialog.close();
    dialog.remove();
  };
  dialog.querySelector('[data-birthday-later]')!.addEventListener('click', dismiss);
  dialog.addEventListener('cancel', (e) => {
    e.preventDefault();
    dismiss();
  });
  dialog.addEventListener('click', (e) => {
    if (e.target === dialog) dismiss();
  });
  form.addEventListener('submit', async (e) => {
    e.preventDefault();
    claim.disabled = true;
    error.hidden = true;
    const { data, error: failure } = await callAction('birthday.claim', new FormData(form));
    if (data) {
      done = true;
      location.assign(data.redirect);
      return;
    }
    error.textContent = failure.message || template.dataset.genericError || '';
    error.hidden = false;
    claim.disabled = false;
  });
}
