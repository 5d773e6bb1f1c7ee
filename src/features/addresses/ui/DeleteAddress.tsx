/**
 * The list's Delete control with its confirm modal (coverage.md §2 Modals "delete address"). Without
 * JavaScript it is a link to the address page's confirm form (`confirmHref`); with it the link
 * opens the modal, whose Delete button posts the same form to `actions.addresses.remove`
 * (303 back to the list with 'Address has been deleted').
 */
import { useState } from 'react';
import { actions } from 'astro:actions';
import * as m from '../../../paraglide/messages.js';
import type { Locale } from '../../../i18n/messages';
import { bindLocale } from '../../../components/islands/i18n';
import { Modal } from '../../../components/islands/Modal';
import { withErrorBoundary } from '../../../components/islands/ErrorBoundary';

type Props = { locale: Locale; addressId: number; confirmHref: string; summary: string };

function DeleteAddressView({ locale, addressId, confirmHref, summary }: Props) {
  const t = bindLocale(locale);
  const [open, setOpen] = useState(false);
  return (
    <>
      <a href={confirmHref} className="btn-ghost text-sm text-brand-700" data-delete-address={addressId}
        onClick={(e) => { e.preventDefault(); setOpen(true); }}>
        {t(m.address_delete)}
      </a>
      <Modal open={open} title={t(m.address_delete_title)} onClose={() => setOpen(false)} closeLabel={t(m.modal_close)}>
        <p className="mb-2">{t(m.address_delete_confirm)}</p>
        <p className="mb-4 text-sm text-ink-500" dir="auto">{summary}</p>
        <form method="post" action={actions.addresses.remove.queryString} className="flex justify-end gap-2">
          <input type="hidden" name="add_id" value={addressId} />
          <button type="button" className="btn-outline" onClick={() => setOpen(false)}>{t(m.address_delete_cancel)}</button>
          <button className="btn-primary">{t(m.address_delete)}</button>
        </form>
      </Modal>
    </>
  );
}

/** The island, behind the render-error fallback (coverage.md §2). */
export const DeleteAddress = withErrorBoundary(DeleteAddressView);
