/**
 * The delivery-method modal (coverage.md §4, steps 0–3): 0 choose an address (saved, current location, a
 * postcode or town, or new) → 1 stores within 30 km, nearest first → 2 Delivery or Store Pick-up as the store allows →
 * 3 pick-up date and time. Saving stores the choice as `shipping` (../shipping.ts, which mirrors it
 * into the cookie the server reads); changing the method or the store clears the cart: with items in
 * the cart the modal first asks (ConfirmChange: Cancel or Escape keeps cart and method as they were,
 * Continue empties the cart), then a notice says the cart was emptied and why. No question when the
 * cart is empty or nothing changes. Closable only once a method exists; resets 500 ms after closing
 * (at once when it opens again sooner). Opened with a notice (a full pick-up slot at checkout), it
 * shows it at its top. The pick-up step shows the chosen store's full times as Full.
 */
import { useEffect, useRef, useState } from 'react';
import { useStore } from '@nanostores/react';
import { actions } from 'astro:actions';
import * as m from '../../../paraglide/messages.js';
import type { Locale } from '../../../i18n/messages';
import type { Address, Store } from '../../../lib/xs-api/contract';
import { $cartCount } from '../../../stores/session';
import { $deliveryModalOpen, $shipping, isShippingComplete, type Shipping } from '../shipping';
import { toShipping } from '../choice';
import { MODAL_RESET_MS } from '../../../domain/constants';
import { toast } from '../../../lib/ui/toast';
import { Modal } from '../../../components/islands/Modal';
import { bindLocale } from '../../../components/islands/i18n';
import { AddressStep, type Origin } from './AddressStep';
import { StoreStep } from './StoreStep';
import { MethodStep } from './MethodStep';
import { PickupStep } from './PickupStep';
import { ConfirmChange, type ChangeKind } from './ConfirmChange';

type Step = 0 | 1 | 2 | 3;

export function DeliveryModal({ locale }: { locale: Locale }) {
  const t = bindLocale(locale);
  const open = useStore($deliveryModalOpen);
  const shipping = useStore($shipping, { ssr: () => null });
  const [step, setStep] = useState<Step>(0);
  const [origin, setOrigin] = useState<Origin | null>(null);
  const [stores, setStores] = useState<Store[] | null>(null);
  const [store, setStore] = useState<Store | null>(null);
  const [error, setError] = useState('');
  /** A choice waiting for the shopper's yes, because saving it empties the cart. */
  const [pending, setPending] = useState<{ next: Shipping; kind: ChangeKind } | null>(null);
  const [busy, setBusy] = useState(false);
  /** The reset after closing, while it waits: a reopen before it runs it at once, so it never lands on the new visit. */
  const resetTimer = useRef<ReturnType<typeof setTimeout> | null>(null);

  const reset = () => {
    if (resetTimer.current) clearTimeout(resetTimer.current);
    resetTimer.current = null;
    setStep(0);
    setOrigin(null);
    setStores(null);
    setStore(null);
    setError('');
    setPending(null);
  };

  useEffect(() => {
    if (!open) return;
    if (resetTimer.current) reset();
    setError(open.notice ?? '');
    const current = $shipping.get();
    if (open.step === 3 && current?.store) {
      setStore({ ...current.store, store_state: current.state, store_lat_long: '' } as Store);
      setStep(3);
    } else setStep(open.step ?? 0);
  }, [open]);

  const canClose = isShippingComplete(shipping);
  const close = () => {
    $deliveryModalOpen.set(false);
    resetTimer.current = setTimeout(reset, MODAL_RESET_MS);
  };

  async function findStores(o: Origin) {
    setOrigin(o);
    setError('');
    const { data, error: err } = await actions.delivery.stores({ latitude: o.latitude, longitude: o.longitude });
    if (err) return setError(err.message);
    setStores(data);
    setStep(1);
  }

  /**
   * Saves a choice checked against the shared schema (./choice.ts), so the server reads back the same
   * choice from its cookie. A change of method or store with items in the cart waits for the
   * shopper's confirmation first.
   */
  async function save(choice: Shipping) {
    const next = toShipping(choice);
    if (!next) return setError(t(m.generic_error));
    const prev = $shipping.get();
    const kind: ChangeKind | null = !prev ? null : prev.store.store_no !== next.store.store_no ? 'store' : prev.type !== next.type ? 'method' : null;
    if (kind && $cartCount.get() > 0) return setPending({ next, kind });
    await commit(next, kind);
  }

  /** Stores the choice; a change of method or store clears the cart, and a notice says so when it had items. */
  async function commit(next: Shipping, kind: ChangeKind | null) {
    const hadItems = $cartCount.get() > 0;
    if (kind) {
      setBusy(true);
      const { error: err } = await actions.cart.clear();
      setBusy(false);
      if (err) {
        setPending(null);
        return setError(err.message);
      }
      $cartCount.set(0);
    }
    $shipping.set(next);
    // Saved with the member too (coverage.md §3 "saved per user"): another device finds it at login. The
    // local choice stands if this fails; the next save tries again.
    actions.delivery.save(next).catch(() => undefined);
    setPending(null);
    close();
    if (kind && hadItems) noticeAfterClose(kind === 'store' ? t(m.dm_cart_emptied_store) : t(m.dm_cart_emptied_method));
  }

  /** Cancel of the confirm step: nothing changes; back to the step the shopper was on, its heading focused. */
  function cancelPending() {
    setPending(null);
    requestAnimationFrame(() => document.getElementById('dm-step-title')?.focus());
  }

  function chooseMethod(type: 'DELIVERY' | 'PICKUP') {
    if (!store) return;
    if (type === 'PICKUP') return setStep(3);
    void save({
      type: 'DELIVERY',
      store: pickStore(store),
      address: origin?.kind === 'address' ? origin.address : null,
      state: origin?.kind === 'address' ? origin.address.add_state : store.store_state,
    });
  }

  const titles: Record<Step, string> = { 0: t(m.dm_step_address), 1: t(m.dm_step_store), 2: t(m.dm_step_method), 3: t(m.dm_step_when) };

  return (
    <Modal open={!!open} title={t(m.dm_title)} closeLabel={t(m.modal_close)} onClose={pending ? cancelPending : canClose ? close : undefined} wide>
      <ol className="mb-4 flex gap-1.5" aria-hidden="true">
        {[0, 1, 2, 3].map((i) => (
          <li key={i} className={`h-1.5 flex-1 rounded-full ${i <= step ? 'bg-brand-600' : 'bg-ink-300/60'}`} />
        ))}
      </ol>
      {pending && <ConfirmChange locale={locale} kind={pending.kind} busy={busy} onCancel={cancelPending} onContinue={() => void commit(pending.next, pending.kind)} />}
      {/* Kept mounted under the confirm step, so Cancel comes back to the same choice (date, time). */}
      <div hidden={!!pending}>
      <div className="mb-3 flex items-center gap-2">
        {step > 0 && (
          <button type="button" className="btn-ghost !p-1.5" onClick={() => setStep((step - 1) as Step)} aria-label={t(m.modal_back)}>
            <svg aria-hidden="true" viewBox="0 0 24 24" className="h-5 w-5 rtl:-scale-x-100" fill="none" stroke="currentColor" strokeWidth="2"><path d="M15 6l-6 6 6 6" /></svg>
          </button>
        )}
        <h3 id="dm-step-title" tabIndex={-1} className="text-base font-semibold outline-none">{titles[step]}</h3>
      </div>
      {error && <p role="alert" className="mb-3 rounded-lg bg-brand-50 px-3 py-2 text-sm text-brand-800">{error}</p>}
      {step === 0 && <AddressStep locale={locale} onContinue={findStores} onError={setError} />}
      {step === 1 && stores && (
        <StoreStep locale={locale} stores={stores} origin={origin} selected={store?.store_no ?? shipping?.store.store_no}
          onPick={(s) => { setStore(s); setStep(2); }} onOrigin={(o) => void findStores(o)} />
      )}
      {step === 2 && store && <MethodStep locale={locale} store={store} canDeliver={origin?.kind === 'address'} onChoose={chooseMethod} />}
      {step === 3 && store && (
        <PickupStep locale={locale} storeCode={store.store_code} initial={shipping?.type === 'PICKUP' && shipping.store.store_no === store.store_no ? { date: shipping.date ?? '', time: shipping.time ?? '' } : undefined}
          onSave={(date, time) =>
            save({
              type: 'PICKUP',
              store: pickStore(store),
              address: origin?.kind === 'address' ? origin.address : shipping?.address ?? null,
              state: origin?.kind === 'address' ? origin.address.add_state : store.store_state || shipping?.state || '',
              date,
              time,
            })
          } />
      )}
      </div>
    </Modal>
  );
}

/** Shows a notice on the page once the modal has closed (a toast raised while it is open would go inside it). */
function noticeAfterClose(message: string) {
  let tries = 0;
  const show = () => {
    const modalOpen = [...document.querySelectorAll('dialog[open]')].some((d) => d.matches(':modal'));
    if (modalOpen && tries++ < 60) return void requestAnimationFrame(show);
    toast(message, { kind: 'info' });
  };
  requestAnimationFrame(show);
}

function pickStore(s: Store): Shipping['store'] {
  return {
    store_code: s.store_code, store_no: s.store_no, store_name: s.store_name, store_address: s.store_address,
    store_phone: s.store_phone, store_pickdel: s.store_pickdel, distance_km: s.distance_km,
  };
}

export type { Address };
