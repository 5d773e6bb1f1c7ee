/** Step 1 of the delivery modal (spec §4): stores within 30 km, nearest first. */
import { formatDistanceKm } from '../../../domain/delivery';
import * as m from '../../../paraglide/messages.js';
import type { Locale } from '../../../i18n/messages';
import type { Store } from '../../../lib/xs-api/contract';
import { bindLocale } from '../../../components/islands/i18n';

type Props = { locale: Locale; stores: Store[]; selected?: string; onPick: (s: Store) => void };

export function StoreStep({ locale, stores, selected, onPick }: Props) {
  const t = bindLocale(locale);
  if (!stores.length) return <p className="rounded-lg bg-paper px-4 py-6 text-center text-sm text-ink-700">{t(m.dm_no_stores)}</p>;
  return (
    <ul className="space-y-2" aria-label={t(m.dm_step_store)}>
      {stores.map((s) => (
        <li key={s.store_no}>
          <button type="button" onClick={() => onPick(s)} data-store={s.store_no}
            className={`w-full rounded-xl border px-4 py-3 text-start transition hover:border-brand-500 ${selected === s.store_no ? 'border-brand-600 bg-brand-50' : 'border-ink-300/70'}`}>
            <span className="flex items-baseline justify-between gap-3">
              <bdi className="font-semibold">{s.store_name}</bdi>
              {s.distance_km !== null && <span className="shrink-0 text-xs font-medium text-ink-500" dir="ltr">{t(m.dm_km_away, { km: formatDistanceKm(s.distance_km) })}</span>}
            </span>
            <bdi className="mt-0.5 block text-sm text-ink-500">{s.store_address}</bdi>
            <span className="mt-1.5 flex gap-1.5 text-[11px] font-semibold">
              {s.store_pickdel !== 'PICKUP' && <span className="rounded-full bg-leaf-500/10 px-2 py-0.5 text-leaf-600">{t(m.delivery_type_delivery)}</span>}
              {s.store_pickdel !== 'DELIVERY' && <span className="rounded-full bg-sun-400/20 px-2 py-0.5 text-ink-700">{t(m.delivery_type_pickup)}</span>}
            </span>
          </button>
        </li>
      ))}
    </ul>
  );
}
