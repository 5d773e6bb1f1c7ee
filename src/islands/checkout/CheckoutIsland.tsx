/**
 * Checkout (spec §4 Checkout): checks the pick-up slot has not expired, shows the method, store and
 * address, fetches the delivery charge, computes totals with the shared domain rules, and submits
 * once (disabled in flight, one idempotency key per checkout so a retry never makes a second order).
 */
import { useEffect, useMemo, useState } from 'react';
import { useStore } from '@nanostores/react';
import { actions } from 'astro:actions';
import * as m from '../../paraglide/messages.js';
import { localizePath, type Locale } from '../../i18n/messages';
import type { Address, CartItem } from '../../lib/xs-api/contract';
import { formatAmount, toSen } from '../../domain/money';
import { orderTotals } from '../../domain/totals';
import { isPickupExpired } from '../../domain/pickup';
import { REMARK_MAX_LENGTH } from '../../domain/constants';
import { $shipping } from '../../stores/shipping';
import { $cartCount } from '../../stores/session';
import { toast } from '../../lib/ui/toast';
import { bindLocale } from '../shared/i18n';
import { ServiceMethod } from './ServiceMethod';
import { OrderSummary } from './OrderSummary';
import { idempotencyKeyFor } from './idempotency';

type Props = { locale: Locale; store: string; items: CartItem[]; addresses: Address[] };

export default function CheckoutIsland({ locale, store, items, addresses }: Props) {
  const t = bindLocale(locale);
  const shipping = useStore($shipping, { ssr: () => null });
  const [deliverySen, setDeliverySen] = useState<number | null>(null);
  const [remark, setRemark] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);

  const defaultAddress = addresses.find((a) => a.add_default === 1) ?? null;
  const address = shipping?.type === 'DELIVERY' ? (addresses.find((a) => a.add_id === shipping.address?.add_id) ?? defaultAddress) : null;
  const subtotalSen = useMemo(() => items.reduce((s, i) => s + toSen(i.product_price) * i.product_quantity, 0), [items]);

  function expired() {
    toast(t(m.delivery_expired), { kind: 'error' });
    document.dispatchEvent(new CustomEvent('open-delivery-modal', { detail: { step: 3 } }));
    setTimeout(() => location.assign(localizePath(locale, '/cart')), 600);
  }

  useEffect(() => {
    if (!shipping) return;
    if (shipping.type === 'PICKUP' && isPickupExpired({ date: shipping.date ?? '', time: shipping.time ?? '' }, new Date())) return expired();
    if (shipping.type !== 'DELIVERY' || !address) return setDeliverySen(0);
    setDeliverySen(null);
    void actions.checkout
      .deliveryCharge({
        product: items.map((i) => ({ product_code: i.product_code, product_quantity: i.product_quantity })),
        state: address.add_state,
        distance_km: shipping.store.distance_km ?? 0,
      })
      .then(({ data, error: err }) => (err ? setError(err.message) : setDeliverySen(toSen(data))));
  }, [shipping?.type, shipping?.store.store_no, address?.add_id]);

  const totals = deliverySen === null ? null : orderTotals({ subtotalSen, deliverySen });
  const storeMismatch = !!shipping && shipping.store.store_no !== store;
  const blocked = !shipping || storeMismatch || (shipping.type === 'DELIVERY' && !address) || !totals || remark.length > REMARK_MAX_LENGTH;

  async function submit() {
    if (blocked || busy || !shipping || !totals) return;
    if (shipping.type === 'PICKUP' && isPickupExpired({ date: shipping.date ?? '', time: shipping.time ?? '' }, new Date())) return expired();
    setBusy(true);
    setError('');
    const { data, error: err } = await actions.checkout.placeOrder({
      idempotency_key: idempotencyKeyFor(items),
      order_del_type: shipping.type,
      store,
      order_amount: formatAmount(totals.totalSen),
      order_rounding: formatAmount(totals.roundingSen),
      order_delivery_charges: formatAmount(totals.deliverySen),
      order_voucher_amount: formatAmount(totals.voucherSen),
      order_remark: remark,
      // Delivery goes to the chosen address; a pick-up is billed to the default address.
      add_id: (address ?? defaultAddress)?.add_id,
      distance_km: shipping.store.distance_km ?? undefined,
      order_del_pickup_store_code: shipping.type === 'PICKUP' ? shipping.store.store_code : undefined,
      order_del_pickup_date: shipping.date,
      order_del_pickup_time: shipping.time,
      product: items.map((i) => ({
        product_code: i.product_code,
        product_quantity: i.product_quantity,
        product_price: i.product_price,
        product_amount: formatAmount(toSen(i.product_price) * i.product_quantity),
      })),
    });
    if (err) {
      setBusy(false);
      setError(err.message);
      toast(err.message, { kind: 'error' });
      return;
    }
    $cartCount.set(Math.max(0, $cartCount.get() - items.length));
    sessionStorage.removeItem('checkout-key');
    location.assign(`${localizePath(locale, '/order-success')}?order=${encodeURIComponent(data.order_refno)}`);
  }

  return (
    <div className="grid gap-6 lg:grid-cols-[1fr_22rem]">
      <div className="space-y-6">
        <ServiceMethod locale={locale} shipping={shipping} address={address} storeMismatch={storeMismatch} />
        <section className="card p-5" aria-labelledby="remark-title">
          <h2 id="remark-title" className="mb-3 text-lg font-semibold">{t(m.checkout_remark)}</h2>
          <textarea id="order-remark" value={remark} onChange={(e) => setRemark(e.target.value)} rows={3} maxLength={REMARK_MAX_LENGTH + 20}
            aria-labelledby="remark-title" aria-describedby="remark-help" placeholder={t(m.checkout_remark_placeholder)} className="field" />
          <p id="remark-help" className={`mt-1 text-xs ${remark.length > REMARK_MAX_LENGTH ? 'font-medium text-brand-700' : 'text-ink-500'}`}>
            {remark.length > REMARK_MAX_LENGTH ? t(m.remark_max) : `${remark.length}/${REMARK_MAX_LENGTH}`}
          </p>
        </section>
      </div>
      <OrderSummary locale={locale} items={items} totals={totals} delivery={shipping?.type === 'DELIVERY'}>
        {error && <p role="alert" className="mb-3 rounded-lg bg-brand-50 px-3 py-2 text-sm text-brand-800" data-checkout-error>{error}</p>}
        <button type="button" className="btn-primary w-full !py-3" disabled={blocked || busy} onClick={submit} data-place-order>
          {busy ? t(m.checkout_submitting) : t(m.checkout_submit)}
        </button>
      </OrderSummary>
    </div>
  );
}
