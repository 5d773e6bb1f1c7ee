/** Checkout: the service method with the pick-up store, date and time, or the delivery address (spec §2 Checkout). */
import * as m from '../../paraglide/messages.js';
import type { Locale } from '../../i18n/messages';
import type { Address } from '../../lib/xs-api/contract';
import type { Shipping } from '../../stores/shipping';
import { formatPickupDate, formatPickupTime } from '../../domain/pickup';
import { bindLocale } from '../shared/i18n';
import { isMalaysianPhone, normalizeMalaysianPhone } from '../../domain/validation';

type Props = { locale: Locale; shipping: Shipping | null; address: Address | null; storeMismatch: boolean };

export function ServiceMethod({ locale, shipping, address, storeMismatch }: Props) {
  const t = bindLocale(locale);
  const change = () => document.dispatchEvent(new CustomEvent('open-delivery-modal', { detail: { step: 0 } }));
  return (
    <section className="card p-5" aria-labelledby="service-title">
      <div className="mb-3 flex items-center justify-between gap-3">
        <h2 id="service-title" className="text-lg font-semibold">{t(m.checkout_service_method)}</h2>
        <button type="button" className="text-sm font-semibold text-brand-700 hover:underline" onClick={change}>{t(m.checkout_change)}</button>
      </div>
      {!shipping || storeMismatch ? (
        <p className="text-sm text-ink-700">{t(m.cart_need_delivery)}</p>
      ) : (
        <div className="grid gap-4 sm:grid-cols-2">
          <div>
            <p className="text-xs font-semibold uppercase tracking-wide text-ink-500">{shipping.type === 'PICKUP' ? t(m.checkout_pickup_store) : t(m.delivery_type_delivery)}</p>
            <p className="mt-1 font-semibold">{shipping.store.store_name}</p>
            <p className="text-sm text-ink-500">{shipping.store.store_address}</p>
          </div>
          {shipping.type === 'PICKUP' ? (
            <div>
              <p className="text-xs font-semibold uppercase tracking-wide text-ink-500">{t(m.checkout_pickup_when)}</p>
              <p className="mt-1 font-semibold" dir="ltr">{formatPickupDate(shipping.date ?? '')} · {formatPickupTime(shipping.time ?? '')}</p>
            </div>
          ) : (
            <div>
              <p className="text-xs font-semibold uppercase tracking-wide text-ink-500">{t(m.checkout_delivery_address)}</p>
              {address ? (
                <address className="mt-1 text-sm not-italic">
                  <span className="font-semibold">{address.add_person}</span> · <span dir="ltr">+{isMalaysianPhone(address.add_phone) ? normalizeMalaysianPhone(address.add_phone) : address.add_phone.replace(/^\+/, '')}</span><br />
                  {address.add_address1}, {address.add_address2}<br />
                  {address.add_postcode} {address.add_city}, {address.add_state}
                </address>
              ) : (
                <p role="alert" className="mt-1 text-sm font-medium text-brand-700">{t(m.no_default_address)}</p>
              )}
            </div>
          )}
        </div>
      )}
    </section>
  );
}
