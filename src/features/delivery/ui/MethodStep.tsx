/** Step 2 of the delivery modal (spec §4): Delivery or Store Pick-up, each only where the store allows it. */
import * as m from '../../../paraglide/messages.js';
import type { Locale } from '../../../i18n/messages';
import type { Store } from '../../../lib/xs-api/contract';
import { bindLocale } from '../../../components/islands/i18n';

type Props = { locale: Locale; store: Store; canDeliver: boolean; onChoose: (type: 'DELIVERY' | 'PICKUP') => void };

export function MethodStep({ locale, store, canDeliver, onChoose }: Props) {
  const t = bindLocale(locale);
  const delivery = store.store_pickdel !== 'PICKUP' && canDeliver;
  const pickup = store.store_pickdel !== 'DELIVERY';
  const option = (type: 'DELIVERY' | 'PICKUP', enabled: boolean, label: string, icon: string) => (
    <button type="button" disabled={!enabled} onClick={() => onChoose(type)} data-method={type}
      className="flex flex-col items-center gap-2 rounded-xl border border-ink-300/70 px-4 py-6 text-center transition enabled:hover:border-brand-500 enabled:hover:bg-brand-50 disabled:cursor-not-allowed disabled:opacity-50">
      <span aria-hidden="true" className="text-3xl">{icon}</span>
      <span className="font-semibold">{label}</span>
      {!enabled && <span className="text-xs text-ink-500">{t(m.dm_not_available)}</span>}
    </button>
  );
  return (
    <div>
      <p className="mb-3 text-sm text-ink-700"><bdi>{store.store_name}</bdi></p>
      <div className="grid grid-cols-2 gap-3">
        {option('DELIVERY', delivery, t(m.delivery_type_delivery), '🚚')}
        {option('PICKUP', pickup, t(m.delivery_type_pickup), '🏪')}
      </div>
      <p className="mt-4 text-xs text-ink-500">{t(m.dm_cart_cleared_warning)}</p>
    </div>
  );
}
