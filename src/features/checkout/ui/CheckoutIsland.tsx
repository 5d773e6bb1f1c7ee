/**
 * Checkout (spec §4 Checkout): checks the pick-up slot has not expired, shows the method, store and
 * address, fetches the delivery charge, computes totals with the shared domain rules, and submits
 * once (disabled in flight, one idempotency key per checkout so a retry never makes a second order).
 * On failure the server's message is shown and submit is enabled again; on success the cart count
 * drops and the shopper goes to the order success page.
 */
import { useEffect, useState } from 'react';
import { useStore } from '@nanostores/react';
import { actions } from 'astro:actions';
import * as m from '../../../paraglide/messages.js';
import type { Locale } from '../../../i18n/messages';
import { formatAmount } from '../../../domain/money';
import { orderTotals } from '../../../domain/totals';
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
import type { CheckoutView } from '../view';
import { ServiceMethod } from './ServiceMethod';
import { OrderSummary } from './OrderSummary';
import { forgetIdempotencyKey, idempotencyKeyFor } from './idempotency';

type Props = { locale: Locale; checkout: CheckoutView };

/** The chosen pick-up slot is in the past (spec §4, §5: pick-up date and time must not be in the past). */
const pickupExpired = (s: Shipping) => s.type === 'PICKUP' && isPickupExpired({ date: s.date ?? '', time: s.time ?? '' }, new Date());

export default function CheckoutIsland({ locale, checkout }: Props) {
  const { store, lines, subtotalSen, addresses } = checkout;
  const t = bindLocale(locale);
  const stored = useStore($shipping, { ssr: () => null });
  const shipping = isShippingComplete(stored) ? stored : null;
  const [deliverySen, setDeliverySen] = useState<number | null>(null);
  const [remark, setRemark] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);

  const defaultAddress = addresses.find((a) => a.isDefault) ?? null;
  const address = shipping?.type === 'DELIVERY' ? (addresses.find((a) => a.id === shipping.address?.add_id) ?? defaultAddress) : null;
  const remarkCheck = remarkSchema.safeParse(remark);
  const remarkError = remarkCheck.success ? '' : validationMessage(remarkCheck.error.issues[0]!.message as ValidationMessageKey, locale);

  /** Spec §4 / §8: toast, the delivery modal reopens at the pick-up step, and the shopper goes to the cart. */
  function expired() {
    toast(t(m.delivery_expired), { kind: 'error' });
    openDeliveryModal(3);
    setTimeout(() => location.assign(href(locale, paths.cart)), 600);
  }

  useEffect(() => {
    if (!shipping) return;
    if (pickupExpired(shipping)) return expired();
    if (shipping.type !== 'DELIVERY' || !address) return setDeliverySen(0);
    setDeliverySen(null);
    void actions.checkout
      .deliveryCharge({
        product: lines.map((l) => ({ product_code: l.code, product_quantity: l.quantity })),
        state: address.state,
        distance_km: shipping.store.distance_km ?? 0,
      })
      .then(({ data, error: err }) => (err ? setError(err.message) : setDeliverySen(data.deliverySen)));
  }, [shipping?.type, shipping?.store.store_no, address?.id]);

  const totals = deliverySen === null ? null : orderTotals({ subtotalSen, deliverySen });
  const storeMismatch = !!shipping && shipping.store.store_no !== store;
  const blocked = !shipping || storeMismatch || (shipping.type === 'DELIVERY' && !address) || !totals || !remarkCheck.success;

  async function submit() {
    if (blocked || busy || !shipping || !totals || !remarkCheck.success) return;
    if (pickupExpired(shipping)) return expired();
    setBusy(true);
    setError('');
    const { data, error: err } = await actions.checkout.placeOrder({
      idempotency_key: idempotencyKeyFor(lines),
      order_del_type: shipping.type,
      store,
      order_amount: formatAmount(totals.totalSen),
      order_rounding: formatAmount(totals.roundingSen),
      order_delivery_charges: formatAmount(totals.deliverySen),
      order_voucher_amount: formatAmount(totals.voucherSen),
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
    });
    if (err) {
      setBusy(false);
      setError(err.message);
      toast(err.message, { kind: 'error' });
      return;
    }
    $cartCount.set(Math.max(0, $cartCount.get() - lines.length));
    forgetIdempotencyKey();
    location.assign(href(locale, paths.orderSuccess(data.order_refno)));
  }

  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]">
      <div className="min-w-0 space-y-6">
        <ServiceMethod locale={locale} shipping={shipping} address={address} storeMismatch={storeMismatch} />
        <section className="card p-5" aria-labelledby="remark-title">
          <h2 id="remark-title" className="mb-3 text-lg font-semibold">{t(m.checkout_remark)}</h2>
          <textarea id="order-remark" dir="auto" value={remark} onChange={(e) => setRemark(e.target.value)} rows={3} maxLength={REMARK_MAX_LENGTH + 20}
            aria-labelledby="remark-title" aria-describedby="remark-help" aria-invalid={remarkError ? true : undefined}
            placeholder={t(m.checkout_remark_placeholder)} className="field" />
          <p id="remark-help" className={`mt-1 text-xs ${remarkError ? 'font-medium text-brand-700' : 'text-ink-500'}`}>
            {remarkError || <span dir="ltr">{remark.length}/{REMARK_MAX_LENGTH}</span>}
          </p>
        </section>
      </div>
      <OrderSummary locale={locale} lines={lines} subtotalSen={subtotalSen} totals={totals} delivery={shipping?.type === 'DELIVERY'}>
        {error && <p role="alert" className="mb-3 rounded-lg bg-brand-50 px-3 py-2 text-sm text-brand-800" data-checkout-error>{error}</p>}
        <button type="button" className="btn-primary w-full !py-3" disabled={blocked || busy} onClick={submit} data-place-order>
          {busy ? t(m.checkout_submitting) : t(m.checkout_submit)}
        </button>
      </OrderSummary>
    </div>
  );
}
