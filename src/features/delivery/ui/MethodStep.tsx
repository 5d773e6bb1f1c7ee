/**
 * Step 2 of the delivery modal (coverage.md §4): Delivery or Store Pick-up, each only where the store allows
 * it. A disabled choice says why: Delivery needs a saved address as the location (not the current
 * location), else the store does not offer it ('Not available at this store').
 */
import type { ReactNode } from 'react';
import * as m from '../../../paraglide/messages.js';
import type { Locale } from '../../../i18n/messages';
import { outletName } from '../../../i18n/outlet-name';
import type { Store } from '../../../lib/xs-api/contract';
import { bindLocale } from '../../../components/islands/i18n';

type Props = { locale: Locale; store: Store; canDeliver: boolean; onChoose: (type: 'DELIVERY' | 'PICKUP') => void };

/** A delivery van (24 × 24, stroked with the text colour). */
function TruckIcon() {
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" className="size-9 text-brand-600" fill="none" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" strokeLinejoin="round">
      <path d="M2 6.5h11v9.5H2zM13 9.5h4.2l3.3 3.4v3.1H13z" />
      <circle cx="6.5" cy="17.5" r="1.8" />
      <circle cx="16.5" cy="17.5" r="1.8" />
    </svg>
  );
}

/** A shop front with an awning (24 × 24, stroked with the text colour). */
function StoreIcon() {
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" className="size-9 text-brand-600" fill="none" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" strokeLinejoin="round">
      <path d="M3.5 9.5 5 4h14l1.5 5.5M3.5 9.5a2.8 2.8 0 0 0 5.7 0 2.8 2.8 0 0 0 5.6 0 2.8 2.8 0 0 0 5.7 0" />
      <path d="M5 11.5V20h14v-8.5M10 20v-5h4v5" />
    </svg>
  );
}

export function MethodStep({ locale, store, canDeliver, onChoose }: Props) {
  const t = bindLocale(locale);
  const storeDelivers = store.store_pickdel !== 'PICKUP';
  const delivery = storeDelivers && canDeliver;
  const pickup = store.store_pickdel !== 'DELIVERY';
  const option = (type: 'DELIVERY' | 'PICKUP', enabled: boolean, label: string, icon: ReactNode, reason: string) => (
    <button type="button" disabled={!enabled} onClick={() => onChoose(type)} data-method={type}
      className="flex flex-col items-center gap-2 rounded-xl border border-ink-300/70 px-4 py-6 text-center transition enabled:hover:border-brand-500 enabled:hover:bg-brand-50 disabled:cursor-not-allowed disabled:opacity-50">
      {icon}
      <span className="font-semibold">{label}</span>
      {!enabled && <span className="text-xs text-ink-500" data-method-reason>{reason}</span>}
    </button>
  );
  return (
    <div>
      <p className="mb-3 text-sm text-ink-700"><bdi>{outletName(store.store_name, locale)}</bdi></p>
      <div className="grid grid-cols-2 gap-3">
        {option('DELIVERY', delivery, t(m.delivery_type_delivery), <TruckIcon />, storeDelivers ? t(m.dm_delivery_needs_address) : t(m.dm_not_available))}
        {option('PICKUP', pickup, t(m.delivery_type_pickup), <StoreIcon />, t(m.dm_not_available))}
      </div>
      <p className="mt-4 text-xs text-ink-500">{t(m.dm_cart_cleared_warning)}</p>
    </div>
  );
}
