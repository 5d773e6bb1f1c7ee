/**
 * The one address form (coverage.md §3 Address, §4 Address form, §5 Address form), for the delivery
 * modal's new address and the account pages' add and edit: Malaysia only, states from the server
 * (`states`, or fetched with a loader), a loader while saving; field errors with the spec's messages.
 * It posts to `actions.addresses.save` (add without `address`, update with it): with JavaScript
 * through the Action client, without it as a plain form post (`from: 'account'` pages redirect to
 * the list with a flash). The default box of an address that is already default is ticked and
 * disabled (coverage.md §4).
 */
import { useEffect, useState } from 'react';
import { actions } from 'astro:actions';
import * as m from '../../../paraglide/messages.js';
import type { Locale } from '../../../i18n/messages';
import type { Address, State } from '../../../lib/xs-api/contract';
import { addressSchema, fieldErrors, type ValidationMessageKey } from '../../../domain/validation';
import { bindLocale } from '../../../components/islands/i18n';
import { validationMessage } from '../../../components/islands/validation-messages';
import { withErrorBoundary } from '../../../components/islands/ErrorBoundary';

type Props = {
  locale: Locale;
  /** Called with the stored address (the delivery modal); without it the page goes to the Action's redirect. */
  onSaved?: (a: Address) => void;
  onCancel?: () => void;
  /** A link back instead of `onCancel` (the account pages, which work without JavaScript). */
  cancelHref?: string;
  /** The address to edit; a new address when absent. */
  address?: Address;
  /** The states read by the page; fetched here when absent. */
  states?: State[];
  /** 'account': the Action flashes the toast and redirects to the address list. */
  from?: 'account';
  /** Field errors, a message and the posted values of a refused form post rendered by the page (no JavaScript). */
  serverErrors?: Record<string, string>;
  values?: Partial<Record<string, string>>;
  serverMessage?: string;
};
const FIELDS = ['add_person', 'add_phone', 'add_address1', 'add_address2', 'add_city', 'add_postcode'] as const;

function AddressFormView({ locale, onSaved, onCancel, cancelHref, address, states: given, from, serverErrors = {}, serverMessage = '', values = {} }: Props) {
  const t = bindLocale(locale);
  const [states, setStates] = useState<State[] | null>(given ?? null);
  const [errors, setErrors] = useState<Record<string, ValidationMessageKey>>({});
  const [serverError, setServerError] = useState(serverMessage);
  const isDefault = address?.add_default === 1;
  const message = (f: string) => (errors[f] ? validationMessage(errors[f]!, locale) : serverErrors[f]);
  const [saving, setSaving] = useState(false);
  const labels: Record<(typeof FIELDS)[number], string> = {
    add_person: t(m.field_first_name), add_phone: t(m.field_phone), add_address1: t(m.field_address1),
    add_address2: t(m.field_address2), add_city: t(m.field_city), add_postcode: t(m.field_postcode),
  };

  useEffect(() => {
    if (given) return;
    void actions.delivery.states().then(({ data, error }) => (error ? setServerError(error.message) : setStates(data)));
  }, []);

  async function submit(e: { preventDefault(): void; currentTarget: HTMLFormElement }) {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    const raw = Object.fromEntries(form) as Record<string, string>;
    const parsed = addressSchema.safeParse({ ...raw, add_default: raw.add_default ? 1 : 0 });
    if (!parsed.success) return setErrors(fieldErrors(parsed.error));
    setErrors({});
    setServerError('');
    setSaving(true);
    const { data, error } = await actions.addresses.save(form);
    if (error) {
      setSaving(false);
      return setServerError(error.message);
    }
    if (onSaved) {
      setSaving(false);
      return onSaved(data.address);
    }
    if (data.redirect) window.location.assign(data.redirect);
  }

  if (!states) return <p className="py-6 text-center text-sm text-ink-500" role="status">{serverError || t(m.loading)}</p>;
  return (
    <form method="post" action={actions.addresses.save.queryString} onSubmit={submit} noValidate className="grid gap-3 sm:grid-cols-2"
      aria-label={t(address ? m.address_edit_title : m.address_form_title)}>
      {address && <input type="hidden" name="add_id" value={address.add_id} />}
      {from && <input type="hidden" name="from" value={from} />}
      {FIELDS.map((f) => (
        <div key={f} className={f.startsWith('add_address') ? 'sm:col-span-2' : ''}>
          <label className="label" htmlFor={`af-${f}`}>{labels[f]}</label>
          <input id={`af-${f}`} name={f} className="field" aria-invalid={!!message(f)} aria-describedby={message(f) ? `af-${f}-err` : undefined}
            inputMode={f === 'add_phone' ? 'tel' : f === 'add_postcode' ? 'numeric' : undefined} autoComplete={autocomplete[f]}
            defaultValue={values[f] ?? address?.[f] ?? ''} dir="auto" />
          {message(f) && <p id={`af-${f}-err`} className="field-error">{message(f)}</p>}
        </div>
      ))}
      <div className="sm:col-span-2">
        <label className="label" htmlFor="af-state">{t(m.field_state)}</label>
        <select id="af-state" name="add_state" className="field" defaultValue={values.add_state ?? address?.add_state ?? ''} aria-invalid={!!message('add_state')}
          aria-describedby={message('add_state') ? 'af-add_state-err' : undefined}>
          <option value="">{t(m.field_state_choose)}</option>
          {states.map((s) => <option key={s.state_code} value={s.state_name}>{s.state_name}</option>)}
        </select>
        {message('add_state') && <p id="af-add_state-err" className="field-error">{message('add_state')}</p>}
      </div>
      <label className="flex items-center gap-2 text-sm sm:col-span-2">
        {/* A default address stays default (coverage.md §4): the box is ticked and disabled, the hidden field keeps it. */}
        {isDefault && <input type="hidden" name="add_default" value="1" />}
        <input type="checkbox" name={isDefault ? undefined : 'add_default'} value="1" className="accent-brand-600" defaultChecked={isDefault} disabled={isDefault} />
        {t(m.field_default)}
      </label>
      {serverError && <p role="alert" className="field-error sm:col-span-2">{serverError}</p>}
      <div className="flex justify-end gap-2 sm:col-span-2">
        {onCancel && <button type="button" className="btn-outline" onClick={onCancel}>{t(m.modal_back)}</button>}
        {cancelHref && <a className="btn-outline" href={cancelHref}>{t(m.address_delete_cancel)}</a>}
        <button className="btn-primary" disabled={saving}>{saving ? t(m.loading) : t(m.modal_save)}</button>
      </div>
    </form>
  );
}

const autocomplete: Record<(typeof FIELDS)[number], string> = {
  add_person: 'name', add_phone: 'tel', add_address1: 'address-line1', add_address2: 'address-line2', add_city: 'address-level2', add_postcode: 'postal-code',
};

/** The island, behind the render-error fallback (coverage.md §2). */
export const AddressForm = withErrorBoundary(AddressFormView);
