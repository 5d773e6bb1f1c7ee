/**
 * Checkout: the service method with the pick-up store, date and time, or the delivery address
 * (coverage.md §2 Checkout page). "Change" reopens the delivery-method modal at its first step.
 * Latin runs (store and street addresses, phone) are isolated so they keep their order in RTL.
 */
import * as m from '../../../paraglide/messages.js';
import type { Locale } from '../../../i18n/messages';
import { outletName } from '../../../i18n/outlet-name';
import type { Shipping } from '../../delivery/shipping';
import { formatPickupDate, formatPickupTime } from '../../../domain/pickup';
import { openDeliveryModal } from '../../delivery/modal';
import { bindLocale } from '../../../components/islands/i18n';
import type { CheckoutAddress } from '../view';

type Props = {
  locale: Locale;
  /** A complete delivery choice, or null when there is none yet. */
  shipping: Shipping | null;
  /** The delivery address (delivery only). */
  address: CheckoutAddress | null;
  /** The choice names another store than the cart's: the shopper must choose again. */
  storeMismatch: boolean;
  /** The island has hydrated: until then Change is disabled (../../../components/islands/use-hydrated.ts). */
  ready: boolean;
};

const label = 'text-xs font-semibold uppercase tracking-wide text-ink-500';

/** 'DD/MM/YYYY · hh:mm a' of a pick-up slot; '' for a malformed stored slot (the island then treats it as expired). */
function slot(s: Shipping, locale: Locale): string {
  try {
    return `${formatPickupDate(s.date ?? '', locale)} · ${formatPickupTime(s.time ?? '', locale)}`;
  } catch {
    return '';
  }
}

export function ServiceMethod({ locale, shipping, address, storeMismatch, ready }: Props) {
  const t = bindLocale(locale);
  return (
    <section className="card p-5" aria-labelledby="service-title">
      <div className="mb-3 flex items-center justify-between gap-3">
        <h2 id="service-title" className="text-lg font-semibold">{t(m.checkout_service_method)}</h2>
        <button type="button" className="tap-target px-1 text-sm font-semibold text-brand-700 hover:underline" disabled={!ready} onClick={() => openDeliveryModal(0)}>{t(m.checkout_change)}</button>
      </div>
      {!shipping || storeMismatch ? (
        <p className="text-sm text-ink-700">{t(m.cart_need_delivery)}</p>
      ) : (
        <div className="grid gap-4 sm:grid-cols-2">
          <div className="min-w-0">
            <p className={label}>{shipping.type === 'PICKUP' ? t(m.checkout_pickup_store) : t(m.delivery_type_delivery)}</p>
            <p className="mt-1 font-semibold"><bdi>{outletName(shipping.store.store_name, locale)}</bdi></p>
            <p className="text-sm text-ink-500"><bdi>{shipping.store.store_address}</bdi></p>
          </div>
          {shipping.type === 'PICKUP' ? (
            <div className="min-w-0">
              <p className={label}>{t(m.checkout_pickup_when)}</p>
              <p className="mt-1 font-semibold"><bdi>{slot(shipping, locale)}</bdi></p>
            </div>
          ) : (
            <div className="min-w-0">
              <p className={label}>{t(m.checkout_delivery_address)}</p>
              {address ? (
                <address className="mt-1 text-sm not-italic" data-delivery-address>
                  <span className="font-semibold"><bdi>{address.person}</bdi></span> · <bdi dir="ltr">{address.phone}</bdi>
                  {address.lines.map((line) => <span key={line} className="block"><bdi>{line}</bdi></span>)}
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
