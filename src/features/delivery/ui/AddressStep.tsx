/**
 * Step 0 of the delivery modal (spec §4): a saved address, the current location, or a new address.
 * Continue is disabled until one is chosen. Without a browser position the toast 'Geolocation is
 * not supported by this browser.' (spec §4 step 0, §8).
 */
import { useEffect, useState } from 'react';
import { actions } from 'astro:actions';
import * as m from '../../../paraglide/messages.js';
import type { Locale } from '../../../i18n/messages';
import type { Address } from '../../../lib/xs-api/contract';
import { bindLocale } from '../../../components/islands/i18n';
import { toast } from '../../../lib/ui/toast';
import { TOAST_ADDRESS_MS } from '../../../domain/constants';
import { AddressForm } from './AddressForm';
import { isolateJoin } from '../../../i18n/bidi';

export type Origin = { kind: 'address'; address: Address; latitude: number; longitude: number } | { kind: 'location'; latitude: number; longitude: number };

type Props = { locale: Locale; onContinue: (o: Origin) => void; onError: (message: string) => void };

export function AddressStep({ locale, onContinue, onError }: Props) {
  const t = bindLocale(locale);
  const [addresses, setAddresses] = useState<Address[] | null>(null);
  const [choice, setChoice] = useState<string>('');
  const [creating, setCreating] = useState(false);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    void actions.delivery.addresses().then(({ data, error }) => {
      if (error) return onError(error.message);
      setAddresses(data);
      const preferred = data.find((a) => a.add_default === 1) ?? data[0];
      if (preferred) setChoice(String(preferred.add_id));
      if (!data.length) setCreating(true);
    });
  }, []);

  async function proceed() {
    onError('');
    if (choice === 'location') {
      // Spec §4/§8: the geolocation message is a toast, not a line in the modal.
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
      <AddressForm locale={locale} onCancel={addresses?.length ? () => setCreating(false) : undefined}
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
      <input type="radio" name="dm-address" value={value} checked={choice === value} onChange={() => setChoice(value)} className="mt-1 accent-brand-600" />
      <span>
        <bdi className="block font-semibold">{title}</bdi>
        {detail && <span className="block text-sm text-ink-500">{detail}</span>}
      </span>
    </label>
  );

  return (
    <div className="space-y-2">
      <p className="text-sm text-ink-500">{t(m.dm_step_address_hint)}</p>
      {addresses.map((a) =>
        radio(String(a.add_id), a.add_person, isolateJoin(', ', [a.add_address1, a.add_address2, `${a.add_postcode} ${a.add_city}`, a.add_state])),
      )}
      {radio('location', t(m.dm_current_location))}
      <button type="button" className="btn-ghost w-full justify-start !px-4 text-brand-700" onClick={() => setCreating(true)}>+ {t(m.dm_new_address)}</button>
      <div className="flex justify-end pt-2">
        <button type="button" className="btn-primary" disabled={!choice || busy} onClick={proceed} data-continue>{busy ? t(m.loading) : t(m.modal_continue)}</button>
      </div>
    </div>
  );
}
