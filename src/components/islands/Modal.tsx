/**
 * An accessible modal dialog on the native <dialog> element (focus trap, Escape, backdrop). When
 * `onClose` is absent the dialog cannot be dismissed (coverage.md §4: the delivery modal closes only once
 * a method exists). On opening, focus goes to the dialog's heading (announced first, no ring
 * drawn around the whole body); Tab then reaches the first control.
 */
import { useEffect, useRef, type ReactNode } from 'react';

type Props = { open: boolean; title: string; onClose?: () => void; closeLabel: string; children: ReactNode; wide?: boolean };

export function Modal({ open, title, onClose, closeLabel, children, wide }: Props) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const d = ref.current;
    if (!d) return;
    if (open && !d.open) {
      d.showModal();
      d.querySelector<HTMLElement>('#modal-title')?.focus();
    }
    if (!open && d.open) d.close();
  }, [open]);
  return (
    // A click on the backdrop closes the dialog; the keyboard closes it with Escape (onCancel).
    // eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-noninteractive-element-interactions
    <dialog
      ref={ref}
      aria-labelledby="modal-title"
      onCancel={(e) => {
        e.preventDefault();
        onClose?.();
      }}
      onClick={(e) => {
        if (e.target === ref.current) onClose?.();
      }}
      className={`m-auto w-[calc(100%-1.5rem)] ${wide ? 'max-w-2xl' : 'max-w-lg'} rounded-2xl bg-white p-0 text-ink-900 shadow-2xl backdrop:bg-ink-900/60`}
    >
      <div className="flex items-center justify-between border-b border-ink-900/10 px-5 py-4">
        <h2 id="modal-title" tabIndex={-1} className="text-lg font-bold outline-none">{title}</h2>
        {onClose && (
          <button type="button" onClick={onClose} className="btn-ghost !p-2" aria-label={closeLabel}>
            <svg aria-hidden="true" viewBox="0 0 24 24" className="h-5 w-5" fill="none" stroke="currentColor" strokeWidth="2"><path d="M6 6l12 12M18 6L6 18" /></svg>
          </button>
        )}
      </div>
      {/* Focusable so a long body can be scrolled from the keyboard even when its buttons are disabled (axe scrollable-region-focusable). */}
      {/* eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex */}
      <div tabIndex={0} className="max-h-[75vh] overflow-y-auto px-5 py-4 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-ink-300">{children}</div>
    </dialog>
  );
}
