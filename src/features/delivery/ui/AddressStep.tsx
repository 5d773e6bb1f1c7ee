/**
 * Step 0 of the delivery modal (coverage.md §4): a saved address, the current location, a postcode or
 * town, or a new address. Continue is disabled until one is chosen. Without a browser position the
 * toast 'Geolocation is not supported by this browser.' (coverage.md §4 step 0, §8).
 *
 * Finding outlets before any saved address (issue "A shopper trusts every step"): a member with no
 * address is not sent to the address form; the current location and the postcode or town search
 * come first (the search preselected), with the form one tap away. The search is checked as typed
 * (src/domain/place-search.ts: a postcode is 5 digits, a town 2 to 60 characters), then placed by
 * the server (`delivery.locate`, locate_place); a refusal or no match shows under the field in the
 * shopper's language.
 */
import { useEffect, useRef, useState } from 'react';
import { actions } from 'astro:actions';
import * as m from '../../../paraglide/messages.js';
import type { Locale } from '../../../i18n/messages';
import type { Address, Place } from '../../../lib/xs-api/contract';
import { bindLocale } from '../../../components/islands/i18n';
import { toast } from '../../../lib/ui/toast';
import { TOAST_ADDRESS_MS } from '../../../domain/constants';
import { parsePlaceQuery, PLACE_QUERY_MAX_LENGTH, type PlaceQueryRefusal } from '../../../domain/place-search';
import { AddressForm } from './AddressForm';
import { isolateRun } from '../../../i18n/bidi';

/**
 * Where the stores are looked up from: a saved address, the browser's position, or a place found
 * by postcode or town (`others`: further places of the same name, to switch to at step 1).
 */
export type Origin =
  | { kind: 'address'; address: Address; latitude: number; longitude: number }
  | { kind: 'location'; latitude: number; longitude: number }
  | { kind: 'place'; place: Place; others: Place[]; latitude: number; longitude: number };

type Props = { locale: Locale; onContinue: (o: Origin) => void; onError: (message: string) => void };

/** The search's refusals, by key (src/domain/place-search.ts). */
const REFUSALS: Record<PlaceQueryRefusal, typeof m.place_search_required> = {
  place_search_required: m.place_search_required,
  place_search_length: m.place_search_length,
  place_postcode_invalid: m.place_postcode_invalid,
};

/** The origin of a place found by postcode or town, with the other places of that name. */
export function placeOrigin(place: Place, others: Place[]): Origin {
  return { kind: 'place', place, others, latitude: place.latitude, longitude: place.longitude };
}

export function AddressStep({ locale, onContinue, onError }: Props) {
  const t = bindLocale(locale);
  const [addresses, setAddresses] = useState<Address[] | null>(null);
  const [choice, setChoice] = useState<string>('');
  const [creating, setCreating] = useState(false);
  const [busy, setBusy] = useState(false);
  const [query, setQuery] = useState('');
  const [queryError, setQueryError] = useState('');
  const queryField = useRef<HTMLInputElement>(null);

  useEffect(() => {
    void actions.delivery.addresses().then(({ data, error }) => {
      if (error) return onError(error.message);
      setAddresses(data);
      const preferred = data.find((a) => a.add_default === 1) ?? data[0];
      setChoice(preferred ? String(preferred.add_id) : 'place');
    });
  }, []);

  function choose(value: string) {
    setChoice(value);
    setQueryError('');
    if (value === 'place') requestAnimationFrame(() => queryField.current?.focus());
  }

  /** Places the search and goes on with the first place found; a refusal shows under the field. */
  async function searchPlace() {
    const parsed = parsePlaceQuery(query);
    if ('refused' in parsed) {
      setQueryError(t(REFUSALS[parsed.refused]));
      return queryField.current?.focus();
    }
    setBusy(true);
    const { data, error } = await actions.delivery.locate({ q: query });
    setBusy(false);
    if (error || !data[0]) {
      setQueryError(error?.message ?? t(m.generic_error));
      return queryField.current?.focus();
    }
    onContinue(placeOrigin(data[0], data.slice(1)));
  }

  async function proceed() {
    onError('');
    setQueryError('');
    if (choice === 'place') return void searchPlace();
    if (choice === 'location') {
      // coverage.md §4/§8: the geolocation message is a toast, not a line in the modal.
      if (!('geolocation' in navigator)) return void toast(t(m.dm_geolocation_unsupported), { kind: 'error' });
      setBusy(true);
      navigator.geolocation.getCurrentPosition(
        (pos) => {
          setBusy(false);
          onContinue({ kind: 'location', latitude: pos.coords.latitude, longitude: pos.coords.longitude });
        },
        () => {
          setBusy(false);
          toast(t(m.dm_geolocation_unsupported), { kind: 'error' });
        },
        { timeout: 10_000 },
      );
      return;
    }
    const address = addresses?.find((a) => String(a.add_id) === choice);
    if (!address) return;
    if (address.latitude === null || address.longitude === null) return onError(t(m.address_not_located));
    setBusy(true);
    onContinue({ kind: 'address', address, latitude: address.latitude, longitude: address.longitude });
  }

  if (creating) {
    return (
      <AddressForm locale={locale} onCancel={() => setCreating(false)}
        onSaved={(a) => {
          toast(t(m.address_added), { durationMs: TOAST_ADDRESS_MS });
          setAddresses([...(addresses ?? []), a]);
          setChoice(String(a.add_id));
          setCreating(false);
        }} />
    );
  }
  if (!addresses) return <p className="py-6 text-center text-sm text-ink-500">{t(m.loading)}</p>;

  const radio = (value: string, title: string, detail?: string) => (
    <label key={value} className={`flex cursor-pointer gap-3 rounded-xl border px-4 py-3 ${choice === value ? 'border-brand-600 bg-brand-50' : 'border-ink-300/70 hover:border-brand-500'}`}>
      <input type="radio" name="dm-address" value={value} checked={choice === value} onChange={() => choose(value)} className="mt-1 accent-brand-600" />
      <span>
        <span className="block font-semibold"><bdi>{title}</bdi></span>
        {detail && <span className="block text-sm text-ink-500" data-address-line>{detail}</span>}
      </span>
    </label>
  );

  return (
    <div className="space-y-2">
      <p className="text-sm text-ink-500">{addresses.length ? t(m.dm_step_address_hint) : t(m.dm_no_address_hint)}</p>
      {addresses.map((a) =>
        radio(String(a.add_id), a.add_person, isolateRun(', ', [a.add_address1, a.add_address2, `${a.add_postcode} ${a.add_city}`, a.add_state])),
      )}
      {radio('location', t(m.dm_current_location))}
      {radio('place', t(m.dm_place_search))}
      {choice === 'place' && (
        <form className="rounded-xl border border-ink-300/70 px-4 py-3" data-place-search noValidate
          onSubmit={(e) => { e.preventDefault(); void proceed(); }}>
          <label className="label" htmlFor="dm-place">{t(m.dm_place_label)}</label>
          <input id="dm-place" ref={queryField} name="q" type="text" className="field" value={query} maxLength={PLACE_QUERY_MAX_LENGTH}
            autoComplete="off" enterKeyHint="search" dir="auto" aria-describedby={queryError ? 'dm-place-error dm-place-hint' : 'dm-place-hint'}
            aria-invalid={queryError ? true : undefined}
            onChange={(e) => { setQuery(e.target.value); setQueryError(''); }} />
          <p id="dm-place-hint" className="mt-1 text-xs text-ink-500">{t(m.dm_place_hint)}</p>
          {queryError && <p id="dm-place-error" role="alert" className="field-error" data-place-error>{queryError}</p>}
        </form>
      )}
      <button type="button" className="btn-ghost w-full justify-start !px-4 text-brand-700" onClick={() => setCreating(true)}>+ {t(m.dm_new_address)}</button>
      <div className="flex justify-end pt-2">
        <button type="button" className="btn-primary" disabled={!choice || busy} onClick={proceed} data-continue>{busy ? t(m.loading) : t(m.modal_continue)}</button>
      </div>
    </div>
  );
}
