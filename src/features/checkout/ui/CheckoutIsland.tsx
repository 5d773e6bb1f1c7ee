/**
 * Checkout (coverage.md §4 Checkout): checks the pick-up slot has not expired, shows the method, store and
 * address, fetches the delivery charge, lets the shopper pick a voucher (checked by the server,
 * `useVoucher`), computes totals with the shared domain rules (with a voucher: the server's
 * figures), and submits once (disabled in flight, one idempotency key per selection of lines and
 * quantities, so a retry never makes a second order and a changed order gets a new key).
 * On failure the server's message is shown and submit is enabled again; when the store cannot fill
 * some lines the out-of-stock modal offers to proceed without them, change them to what is
 * available (the cart follows, through the cart Actions), or go back to the cart. When the pick-up
 * slot filled up meanwhile (the outlet has no place left), the API's message is shown and the
 * delivery modal opens at its pick-up step, where that time is now marked Full, to choose another;
 * the message goes once another slot is chosen. On success the cart count drops and the shopper
 * goes to the order success page.
 */
import { useEffect, useState } from 'react';
import { useHydrated } from '../../../components/islands/use-hydrated';
import { useStore } from '@nanostores/react';
import { actions } from 'astro:actions';
import * as m from '../../../paraglide/messages.js';
import type { Locale } from '../../../i18n/messages';
import { formatAmount } from '../../../domain/money';
import { lineAmount, orderTotals, subtotal } from '../../../domain/totals';
import { isPickupExpired } from '../../../domain/pickup';
import { REMARK_MAX_LENGTH } from '../../../domain/constants';
import { href, paths } from '../../../domain/paths';
import { remarkSchema, type ValidationMessageKey } from '../../../domain/validation';
import { $shipping, isShippingComplete, type Shipping } from '../../delivery/shipping';
import { $cartCount } from '../../../stores/session';
import { toast } from '../../../lib/ui/toast';
import { openDeliveryModal } from '../../delivery/modal';
import { bindLocale } from '../../../components/islands/i18n';
import { validationMessage } from '../../../components/islands/validation-messages';
import type { CheckoutLine, CheckoutView } from '../view';
import { ServiceMethod } from './ServiceMethod';
import { OrderSummary } from './OrderSummary';
import { VoucherPicker } from './VoucherPicker';
import { OutOfStockModal, type ShortLine } from './OutOfStockModal';
import { forgetIdempotencyKey, idempotencyKeyFor } from './idempotency';
import { useVoucher } from './use-voucher';
import { withErrorBoundary } from '../../../components/islands/ErrorBoundary';
import { islandAction } from '../../shared/island-action';

type Props = { locale: Locale; checkout: CheckoutView };

/** The chosen pick-up slot is in the past (coverage.md §4, §5: pick-up date and time must not be in the past). */
const pickupExpired = (s: Shipping) => s.type === 'PICKUP' && isPickupExpired({ date: s.date ?? '', time: s.time ?? '' }, new Date());

/** What a delivery charge was fetched for: the lines with their quantities, the store and the address. */
const chargeBasis = (lines: readonly CheckoutLine[], store: string | undefined, addressId: number | undefined) =>
  `${store}|${addressId}|${lines.map((l) => `${l.code}x${l.quantity}`).join(',')}`;

function CheckoutIsland({ locale, checkout }: Props) {
  const { store, addresses, vouchers } = checkout;
  const t = bindLocale(locale);
  const stored = useStore($shipping, { ssr: () => null });
  const shipping = isShippingComplete(stored) ? stored : null;
  const [lines, setLines] = useState<CheckoutLine[]>(checkout.lines);
  const [charge, setCharge] = useState<{ basis: string; sen: number } | null>(null);
  const [remark, setRemark] = useState('');
  // Until its script has taken over, the island's controls are disabled: a remark typed before would be lost.
  const ready = useHydrated();
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const [short, setShort] = useState<ShortLine[]>([]);
  const [fixing, setFixing] = useState(false);
  const [autoSubmit, setAutoSubmit] = useState(false);
  /** The pick-up slot the outlet refused as full ('' when none): its message stays until another is chosen. */
  const [refusedSlot, setRefusedSlot] = useState('');

  const subtotalSen = subtotal(lines.map((l) => ({ priceSen: l.priceSen, quantity: l.quantity })));
  const defaultAddress = addresses.find((a) => a.isDefault) ?? null;
  const address = shipping?.type === 'DELIVERY' ? (addresses.find((a) => a.id === shipping.address?.add_id) ?? defaultAddress) : null;
  const basis = chargeBasis(lines, shipping?.store.store_no, address?.id);
  const slotKey = shipping?.type === 'PICKUP' ? `${shipping.store.store_no}|${shipping.date}|${shipping.time}` : '';
  const deliverySen = shipping?.type === 'DELIVERY' ? (address && charge?.basis === basis ? charge.sen : null) : 0;
  const voucher = useVoucher(lines, subtotalSen, deliverySen, () => setAutoSubmit(false));
  const remarkCheck = remarkSchema.safeParse(remark);
  const remarkError = remarkCheck.success ? '' : validationMessage(remarkCheck.error.issues[0]!.message as ValidationMessageKey, locale);

  /** coverage.md §4 / §8: toast, the delivery modal reopens at the pick-up step, and the shopper goes to the cart. */
  function expired() {
    toast(t(m.delivery_expired), { kind: 'error', tag: 'checkout' });
    openDeliveryModal(3);
    setTimeout(() => location.assign(href(locale, paths.cart)), 600);
  }

  useEffect(() => {
    if (!shipping) return;
    if (pickupExpired(shipping)) return expired();
    if (shipping.type !== 'DELIVERY' || !address || !lines.length) return;
    void actions.checkout
      .deliveryCharge({
        product: lines.map((l) => ({ product_code: l.code, product_quantity: l.quantity })),
        state: address.state,
        distance_km: shipping.store.distance_km ?? 0,
      })
      .then(({ data, error: err }) => {
        if (err) {
          setError(err.message);
          setAutoSubmit(false);
        } else setCharge({ basis, sen: data.deliverySen });
      });
  }, [shipping?.type, basis]);

  useEffect(() => {
    if (!refusedSlot || slotKey === refusedSlot) return;
    setRefusedSlot('');
    setError('');
  }, [slotKey]);

  const totals = deliverySen === null ? null : voucher.chosen ? voucher.totals : orderTotals({ subtotalSen, deliverySen });
  const storeMismatch = !!shipping && shipping.store.store_no !== store;
  const blocked = !shipping || storeMismatch || (shipping.type === 'DELIVERY' && !address) || !totals || !remarkCheck.success || !lines.length;

  async function submit() {
    setAutoSubmit(false);
    if (blocked || busy || !shipping || !totals || !remarkCheck.success) return;
    if (pickupExpired(shipping)) return expired();
    setBusy(true);
    setError('');
    // islandAction: a network fault or a bare 5xx reads 'Oops, Something went wrong on server.' (coverage.md §8) and never throws.
    const { data, error: err } = await islandAction(locale, () => actions.checkout.placeOrder({
      // A key per selection: lines or quantities changed by the out-of-stock modal make a new order, with a new key.
      idempotency_key: idempotencyKeyFor(lines),
      order_del_type: shipping.type,
      store,
      order_amount: formatAmount(totals.totalSen),
      order_rounding: formatAmount(totals.roundingSen),
      order_delivery_charges: formatAmount(totals.deliverySen),
      order_voucher_amount: formatAmount(totals.voucherSen),
      order_voucher_no: voucher.checked?.no,
      order_remark: remarkCheck.data,
      // Delivery goes to the chosen address; a pick-up is billed to the default address.
      add_id: (address ?? defaultAddress)?.id,
      distance_km: shipping.store.distance_km ?? undefined,
      order_del_pickup_store_code: shipping.type === 'PICKUP' ? shipping.store.store_code : undefined,
      order_del_pickup_date: shipping.date,
      order_del_pickup_time: shipping.time,
      product: lines.map((l) => ({
        product_code: l.code,
        product_quantity: l.quantity,
        product_price: formatAmount(l.priceSen),
        product_amount: formatAmount(l.amountSen),
      })),
    }));
    if (err || data.outOfStock || data.slotFull) {
      setBusy(false);
      if (data?.outOfStock) {
        // coverage.md §4 Out-of-stock modal: nothing was ordered; the shopper decides what to do.
        const available = new Map(data.outOfStock.product.map((p) => [p.product_code, p.available_quantity]));
        setShort(lines.filter((l) => available.has(l.code)).map((l) => ({ code: l.code, name: l.name, asked: l.quantity, available: available.get(l.code)! })));
        return;
      }
      if (data?.slotFull) {
        // Nothing was ordered: the shopper chooses another time at the same store (same cart, same key).
        setError(data.slotFull.message);
        setRefusedSlot(slotKey);
        openDeliveryModal(3, data.slotFull.message);
        return;
      }
      const message = err?.message ?? t(m.generic_error);
      setError(message);
      toast(message, { kind: 'error', tag: 'checkout' });
      return;
    }
    $cartCount.set(Math.max(0, $cartCount.get() - lines.length));
    forgetIdempotencyKey();
    location.assign(href(locale, paths.orderSuccess(data.order_refno)));
  }

  // "Proceed with the remaining items" submits once the new figures (charge, voucher) are known.
  useEffect(() => {
    if (autoSubmit && totals && !voucher.checking && !busy) void submit();
  }, [autoSubmit, totals, voucher.checking, busy]);

  /** Shows the order's new lines: the page's address names them, so a reload shows the same checkout. */
  function showLines(next: CheckoutLine[]) {
    setLines(next);
    history.replaceState(history.state, '', href(locale, paths.checkout(next.map((l) => l.code))));
  }

  function proceedWithRemaining() {
    const shortCodes = new Set(short.map((s) => s.code));
    const remaining = lines.filter((l) => !shortCodes.has(l.code));
    if (!remaining.length) return;
    setShort([]);
    showLines(remaining);
    setAutoSubmit(true);
  }

  /** Sets each short line to what the store has (0 removes it), in the cart first, then here. */
  async function changeToAvailable() {
    setFixing(true);
    for (const s of short) {
      const { error: err } = s.available > 0
        ? await actions.cart.change({ product_code: s.code, difference: s.available - s.asked })
        : await actions.cart.remove({ product_code: s.code });
      if (err) {
        setFixing(false);
        toast(err.message, { kind: 'error', tag: 'checkout' });
        return;
      }
    }
    const available = new Map(short.map((s) => [s.code, s.available]));
    const next = lines.flatMap((l) => {
      const quantity = available.get(l.code) ?? l.quantity;
      return quantity > 0 ? [{ ...l, quantity, amountSen: lineAmount(l.priceSen, quantity) }] : [];
    });
    $cartCount.set(Math.max(0, $cartCount.get() - (lines.length - next.length)));
    setFixing(false);
    setShort([]);
    if (!next.length) return location.assign(href(locale, paths.cart));
    showLines(next);
    toast(t(m.oos_updated), { kind: 'info', tag: 'checkout' });
  }

  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]">
      <div className="min-w-0 space-y-6">
        <ServiceMethod locale={locale} shipping={shipping} address={address} storeMismatch={storeMismatch} ready={ready} />
        <section className="card p-5" aria-labelledby="remark-title">
          <h2 id="remark-title" className="mb-3 text-lg font-semibold">{t(m.checkout_remark)}</h2>
          <textarea id="order-remark" dir="auto" value={remark} disabled={!ready} onChange={(e) => setRemark(e.target.value)} rows={3} maxLength={REMARK_MAX_LENGTH + 20}
            aria-labelledby="remark-title" aria-describedby="remark-help" aria-invalid={remarkError ? true : undefined}
            placeholder={t(m.checkout_remark_placeholder)} className="field" />
          <p id="remark-help" className={`mt-1 text-xs ${remarkError ? 'font-medium text-brand-700' : 'text-ink-500'}`}>
            {remarkError || <span dir="ltr">{remark.length}/{REMARK_MAX_LENGTH}</span>}
          </p>
        </section>
      </div>
      <OrderSummary locale={locale} lines={lines} subtotalSen={subtotalSen} totals={totals} delivery={shipping?.type === 'DELIVERY'}>
        <VoucherPicker
          locale={locale}
          vouchers={vouchers}
          subtotalSen={subtotalSen}
          chosen={voucher.chosen}
          checking={voucher.checking}
          discountSen={voucher.totals?.voucherSen ?? null}
          onChoose={voucher.choose}
          onRemove={voucher.remove}
          ready={ready}
        />
        <div className="mt-4">
          {error && <p role="alert" className="mb-3 rounded-lg bg-brand-50 px-3 py-2 text-sm text-brand-800" data-checkout-error>{error}</p>}
          <button type="button" className="btn-primary w-full !py-3" disabled={blocked || busy} onClick={submit} data-place-order>
            {busy ? t(m.checkout_submitting) : t(m.checkout_submit)}
          </button>
        </div>
      </OrderSummary>
      <OutOfStockModal
        locale={locale}
        lines={short}
        canProceed={lines.some((l) => !short.some((s) => s.code === l.code))}
        busy={fixing}
        onProceed={proceedWithRemaining}
        onChangeQuantities={changeToAvailable}
        onCancel={() => location.assign(href(locale, paths.cart))}
      />
    </div>
  );
}

/** The island, behind the render-error fallback (coverage.md §2). */
export default withErrorBoundary(CheckoutIsland);
