/**
 * Step 3 of the delivery modal (spec §4, §5 Pick-up date): a date within the pick-up settings (lead
 * time, 6 months, open weekdays) and one of the offered times. Save requires both.
 */
import { useEffect, useState } from 'react';
import { actions } from 'astro:actions';
import * as m from '../../../paraglide/messages.js';
import type { Locale } from '../../../i18n/messages';
import type { PickupSettings } from '../../../lib/xs-api/contract';
import { earliestPickupDate, formatPickupTime, isPickupDateAllowed, latestPickupDate } from '../../../domain/pickup';
import { bindLocale } from '../../../components/islands/i18n';

type Props = { locale: Locale; initial?: { date: string; time: string }; onSave: (date: string, time: string) => void };

export function PickupStep({ locale, initial, onSave }: Props) {
  const t = bindLocale(locale);
  const [settings, setSettings] = useState<PickupSettings | null>(null);
  const [date, setDate] = useState(initial?.date ?? '');
  const [time, setTime] = useState(initial?.time ?? '');
  const [times, setTimes] = useState<string[] | null>(null);
  const [error, setError] = useState('');

  useEffect(() => {
    void actions.delivery.pickupSettings().then(({ data, error: err }) => {
      if (err) return setError(err.message);
      setSettings(data);
      const now = new Date();
      if (!initial?.date || !isPickupDateAllowed(initial.date, data, now)) setDate(earliestPickupDate(data, now) ?? '');
    });
  }, []);

  useEffect(() => {
    if (!date) return;
    setTimes(null);
    // The times of an earlier date that answer late are dropped: only the date shown is listed.
    let current = true;
    void actions.delivery.pickupTimes({ date }).then(({ data, error: err }) => {
      if (!current) return;
      if (err) return setError(err.message);
      setTimes(data);
      if (!data.includes(time)) setTime('');
    });
    return () => {
      current = false;
    };
  }, [date]);

  if (!settings) return <p className="py-6 text-center text-sm text-ink-500" role="status">{error || t(m.loading)}</p>;
  const now = new Date();
  const min = earliestPickupDate(settings, now) ?? '';
  const max = latestPickupDate(now);

  return (
    <div className="space-y-4">
      <div>
        <label className="label" htmlFor="pickup-date">{t(m.dm_date)}</label>
        <input id="pickup-date" type="date" className="field" min={min} max={max} value={date}
          onChange={(e) => { setError(''); setDate(e.target.value); }} />
      </div>
      <fieldset>
        <legend className="label">{t(m.dm_time)}</legend>
        {times === null ? (
          <p className="text-sm text-ink-500">{t(m.loading)}</p>
        ) : times.length === 0 ? (
          <p className="text-sm text-ink-500">{t(m.dm_no_times)}</p>
        ) : (
          <div className="grid grid-cols-3 gap-2 sm:grid-cols-4">
            {times.map((tm) => (
              <label key={tm} className={`cursor-pointer rounded-lg border px-2 py-2 text-center text-sm ${time === tm ? 'border-brand-600 bg-brand-50 font-semibold text-brand-800' : 'border-ink-300/70 hover:border-brand-500'}`}>
                <input type="radio" name="pickup-time" value={tm} checked={time === tm} onChange={() => { setError(''); setTime(tm); }} className="sr-only" />
                <bdi>{formatPickupTime(tm, locale)}</bdi>
              </label>
            ))}
          </div>
        )}
      </fieldset>
      {error && <p role="alert" className="field-error">{error}</p>}
      <div className="flex justify-end">
        <button type="button" className="btn-primary" data-save-pickup
          onClick={() => (date && time && isPickupDateAllowed(date, settings, new Date()) ? onSave(date, time) : setError(t(m.dm_pick_date_time)))}>
          {t(m.modal_save)}
        </button>
      </div>
    </div>
  );
}
