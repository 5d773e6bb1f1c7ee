/**
 * The delivery modal's confirm step (coverage.md §4 "Changing the method or the store clears the cart";
 * issue 9): shown before a new method or store is saved while the cart has items. It says the cart
 * will be emptied and why; Cancel (also Escape, through the modal) keeps the cart and the method as
 * they were, Continue goes ahead. Focus starts on Cancel, the choice that loses nothing.
 */
import { useEffect, useRef } from 'react';
import * as m from '../../../paraglide/messages.js';
import type { Locale } from '../../../i18n/messages';
import { bindLocale } from '../../../components/islands/i18n';

/** What the new choice changes: the store (with or without the method), or only the method. */
export type ChangeKind = 'store' | 'method';

type Props = { locale: Locale; kind: ChangeKind; busy: boolean; onCancel: () => void; onContinue: () => void };

export function ConfirmChange({ locale, kind, busy, onCancel, onContinue }: Props) {
  const t = bindLocale(locale);
  const cancel = useRef<HTMLButtonElement>(null);
  useEffect(() => cancel.current?.focus(), []);
  return (
    <section aria-labelledby="dm-confirm-title" aria-describedby="dm-confirm-text" data-confirm-change={kind}>
      <h4 id="dm-confirm-title" className="text-base font-semibold text-brand-800">{t(m.dm_confirm_title)}</h4>
      <p id="dm-confirm-text" className="mt-2 text-sm text-ink-700">{kind === 'store' ? t(m.dm_confirm_store) : t(m.dm_confirm_method)}</p>
      <div className="mt-5 flex flex-wrap justify-end gap-3">
        <button ref={cancel} type="button" className="btn-outline" onClick={onCancel} data-confirm-cancel>{t(m.dm_confirm_cancel)}</button>
        <button type="button" className="btn-primary" onClick={onContinue} disabled={busy} data-confirm-continue>{t(m.dm_confirm_continue)}</button>
      </div>
    </section>
  );
}
