/**
 * Step 1 of the delivery modal (coverage.md §4): stores within 30 km, nearest first. Looked up from a place
 * (a postcode or town) or the current location, it says from where ("Stores near Petaling Jaya,
 * Selangor"), and offers the other places of that name (a town name two states share) to switch to.
 */
import { formatDistanceKm } from '../../../domain/delivery';
import * as m from '../../../paraglide/messages.js';
import type { Locale } from '../../../i18n/messages';
import { outletName } from '../../../i18n/outlet-name';
import type { Store } from '../../../lib/xs-api/contract';
import { bindLocale } from '../../../components/islands/i18n';
import { placeOrigin, type Origin } from './AddressStep';
import { placeLabel } from '../../../domain/place-search';

type Props = { locale: Locale; stores: Store[]; origin: Origin | null; selected?: string; onPick: (s: Store) => void; onOrigin: (o: Origin) => void };


/** Where the stores were looked up from, the place's name isolated in the sentence (a Latin name in Arabic). */
function OriginLine({ locale, origin, onOrigin }: { locale: Locale; origin: Origin | null; onOrigin: (o: Origin) => void }) {
  const t = bindLocale(locale);
  if (origin?.kind === 'location') return <p className="mb-3 text-sm text-ink-700" data-stores-near>{t(m.dm_stores_near_you)}</p>;
  if (origin?.kind !== 'place') return null;
  const [before, after] = t(m.dm_stores_near, { place: '\u0000' }).split('\u0000');
  const all = [origin.place, ...origin.others];
  return (
    <div className="mb-3 text-sm text-ink-700">
      <p data-stores-near>{before}<bdi className="font-semibold">{placeLabel(origin.place)}</bdi>{after}</p>
      {origin.others.length > 0 && (
        <p className="mt-1 flex flex-wrap items-center gap-x-2">
          <span>{t(m.dm_other_places)}</span>
          {origin.others.map((p) => (
            <button key={`${p.state_code} ${p.place_name}`} type="button" className="tap-target font-semibold text-brand-700 underline" data-other-place
              onClick={() => onOrigin(placeOrigin(p, all.filter((o) => o !== p)))}>
              <bdi>{placeLabel(p)}</bdi>
            </button>
          ))}
        </p>
      )}
    </div>
  );
}

export function StoreStep({ locale, stores, origin, selected, onPick, onOrigin }: Props) {
  const t = bindLocale(locale);
  if (!stores.length) {
    return (
      <>
        <OriginLine locale={locale} origin={origin} onOrigin={onOrigin} />
        <p className="rounded-lg bg-paper px-4 py-6 text-center text-sm text-ink-700">{t(m.dm_no_stores)}</p>
      </>
    );
  }
  return (
    <>
    <OriginLine locale={locale} origin={origin} onOrigin={onOrigin} />
    <ul className="space-y-2" aria-label={t(m.dm_step_store)}>
      {stores.map((s) => (
        <li key={s.store_no}>
          <button type="button" onClick={() => onPick(s)} data-store={s.store_no}
            className={`w-full rounded-xl border px-4 py-3 text-start transition hover:border-brand-500 ${selected === s.store_no ? 'border-brand-600 bg-brand-50' : 'border-ink-300/70'}`}>
            <span className="flex items-baseline justify-between gap-3">
              <bdi className="font-semibold">{outletName(s.store_name, locale)}</bdi>
              {s.distance_km !== null && <span className="shrink-0 text-xs font-medium text-ink-500" dir="ltr">{t(m.dm_km_away, { km: formatDistanceKm(s.distance_km) })}</span>}
            </span>
            <span className="mt-0.5 block text-sm text-ink-500" data-store-address><bdi>{s.store_address}</bdi></span>
            <span className="mt-1.5 flex gap-1.5 text-[11px] font-semibold">
              {s.store_pickdel !== 'PICKUP' && <span className="rounded-full bg-leaf-500/10 px-2 py-0.5 text-leaf-600">{t(m.delivery_type_delivery)}</span>}
              {s.store_pickdel !== 'DELIVERY' && <span className="rounded-full bg-sun-400/20 px-2 py-0.5 text-ink-700">{t(m.delivery_type_pickup)}</span>}
            </span>
          </button>
        </li>
      ))}
    </ul>
    </>
  );
}
