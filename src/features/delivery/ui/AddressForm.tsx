/**
 * Create-address form (spec §3 Address, §5 Address form): Malaysia only, states from the server,
 * a loader while states load and while saving; field errors with the spec's messages.
 */
import { useEffect, useState } from 'react';
import { actions } from 'astro:actions';
import * as m from '../../../paraglide/messages.js';
import type { Locale } from '../../../i18n/messages';
import type { Address } from '../../../lib/xs-api/contract';
import { addressSchema, fieldErrors, type ValidationMessageKey } from '../../../domain/validation';
import { bindLocale } from '../../../components/islands/i18n';
import { validationMessage } from '../../../components/islands/validation-messages';

type Props = { locale: Locale; onSaved: (a: Address) => void; onCancel?: () => void };
const FIELDS = ['add_person', 'add_phone', 'add_address1', 'add_address2', 'add_city', 'add_postcode'] as const;

export function AddressForm({ locale, onSaved, onCancel }: Props) {
  const t = bindLocale(locale);
  const [states, setStates] = useState<{ state_code: string; state_name: string }[] | null>(null);
  const [errors, setErrors] = useState<Record<string, ValidationMessageKey>>({});
  const [serverError, setServerError] = useState('');
  const [saving, setSaving] = useState(false);
  const labels: Record<(typeof FIELDS)[number], string> = {
    add_person: t(m.field_first_name), add_phone: t(m.field_phone), add_address1: t(m.field_address1),
    add_address2: t(m.field_address2), add_city: t(m.field_city), add_postcode: t(m.field_postcode),
  };

  useEffect(() => {
    void actions.delivery.states().then(({ data, error }) => (error ? setServerError(error.message) : setStates(data)));
  }, []);

  async function submit(e: { preventDefault(): void; currentTarget: HTMLFormElement }) {
    e.preventDefault();
    const raw = Object.fromEntries(new FormData(e.currentTarget)) as Record<string, string>;
    const parsed = addressSchema.safeParse({ ...raw, add_default: raw.add_default ? 1 : 0 });
    if (!parsed.success) return setErrors(fieldErrors(parsed.error));
    setErrors({});
    setSaving(true);
    const { data, error } = await actions.delivery.addAddress({ ...parsed.data, add_default: parsed.data.add_default ?? 0 });
    setSaving(false);
    if (error) return setServerError(error.message);
    onSaved(data);
  }

  if (!states) return <p className="py-6 text-center text-sm text-ink-500" role="status">{serverError || t(m.loading)}</p>;
  return (
    <form onSubmit={submit} noValidate className="grid gap-3 sm:grid-cols-2" aria-label={t(m.address_form_title)}>
      {FIELDS.map((f) => (
        <div key={f} className={f.startsWith('add_address') ? 'sm:col-span-2' : ''}>
          <label className="label" htmlFor={`af-${f}`}>{labels[f]}</label>
          <input id={`af-${f}`} name={f} className="field" aria-invalid={!!errors[f]} aria-describedby={errors[f] ? `af-${f}-err` : undefined}
            inputMode={f === 'add_phone' ? 'tel' : f === 'add_postcode' ? 'numeric' : undefined} autoComplete={autocomplete[f]} />
          {errors[f] && <p id={`af-${f}-err`} className="field-error">{validationMessage(errors[f]!, locale)}</p>}
        </div>
      ))}
      <div className="sm:col-span-2">
        <label className="label" htmlFor="af-state">{t(m.field_state)}</label>
        <select id="af-state" name="add_state" className="field" defaultValue="" aria-invalid={!!errors.add_state}>
          <option value="">{t(m.field_state_choose)}</option>
          {states.map((s) => <option key={s.state_code} value={s.state_name}>{s.state_name}</option>)}
        </select>
        {errors.add_state && <p className="field-error">{validationMessage(errors.add_state, locale)}</p>}
      </div>
      <label className="flex items-center gap-2 text-sm sm:col-span-2">
        <input type="checkbox" name="add_default" value="1" className="accent-brand-600" /> {t(m.field_default)}
      </label>
      {serverError && <p role="alert" className="field-error sm:col-span-2">{serverError}</p>}
      <div className="flex justify-end gap-2 sm:col-span-2">
        {onCancel && <button type="button" className="btn-outline" onClick={onCancel}>{t(m.modal_back)}</button>}
        <button className="btn-primary" disabled={saving}>{saving ? t(m.loading) : t(m.modal_save)}</button>
      </div>
    </form>
  );
}

const autocomplete: Record<(typeof FIELDS)[number], string> = {
  add_person: 'name', add_phone: 'tel', add_address1: 'address-line1', add_address2: 'address-line2', add_city: 'address-level2', add_postcode: 'postal-code',
};
