/**
 * Step 3 of the delivery modal (coverage.md §4, §5 Pick-up date): a date within the pick-up settings (lead
 * time, 6 months, open weekdays) and one of the offered times. Save requires both.
 * With the outlet's store code, the times it has no place left in stay listed but are shown as
 * Full: disabled, never selectable, their label read out with the time; a chosen (or stored) time
 * that turns out full is unselected.
 */
import { useEffect, useState } from 'react';
import { actions } from 'astro:actions';
import * as m from '../../../paraglide/messages.js';
import type { Locale } from '../../../i18n/messages';
import type { PickupSettings } from '../../../lib/xs-api/contract';
import { earliestPickupDate, formatPickupTime, isPickupDateAllowed, latestPickupDate } from '../../../domain/pickup';
import { bindLocale } from '../../../components/islands/i18n';

type Props = {
  locale: Locale;
  /** The outlet's store code ('S001'): its full times are shown as Full. */
  storeCode?: string;
  /** The date and time shown chosen at first (the stored choice, or the order's slot). */
  initial?: { date: string; time: string };
  /**
   * `initial` is the slot the order already holds a place in (changing an order's pick-up): it is
   * never shown as full, since keeping it takes no new place.
   */
  holdsInitial?: boolean;
  /** A new value asks the times again (after a refusal: the chosen time may have filled up meanwhile). */
  refresh?: number;
  onSave: (date: string, time: string) => void;
};

/** The pick-up date and time step (see the module comment); `onSave` gets 'YYYY-MM-DD' and 'HH:mm'. */
export function PickupStep({ locale, storeCode, initial, holdsInitial = false, refresh = 0, onSave }: Props) {
  const t = bindLocale(locale);
  const [settings, setSettings] = useState<PickupSettings | null>(null);
  const [date, setDate] = useState(initial?.date ?? '');
  const [time, setTime] = useState(initial?.time ?? '');
  const [times, setTimes] = useState<string[] | null>(null);
  const [full, setFull] = useState<readonly string[]>([]);
  const [error, setError] = useState('');
  /** A time of `day` that cannot be chosen: full at the outlet, unless it is the order's own slot. */
  const isFull = (day: string, tm: string, fullTimes: readonly string[] = full) =>
    fullTimes.includes(tm) && !(holdsInitial && initial?.date === day && initial.time === tm);

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
    void actions.delivery.pickupTimes({ date, store: storeCode || undefined }).then(({ data, error: err }) => {
      if (!current) return;
      if (err) return setError(err.message);
      setTimes(data.times);
      setFull(data.full);
      setTime((chosen) => (data.times.includes(chosen) && !isFull(date, chosen, data.full) ? chosen : ''));
    });
    return () => {
      current = false;
    };
  }, [date, storeCode, refresh]);

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
            {times.map((tm) => {
              const unavailable = isFull(date, tm);
              const look = unavailable
                ? 'cursor-not-allowed border-dashed border-ink-300 bg-paper text-ink-500'
                : time === tm
                  ? 'cursor-pointer border-brand-600 bg-brand-50 font-semibold text-brand-800'
                  : 'cursor-pointer border-ink-300/70 hover:border-brand-500';
              return (
                <label key={tm} className={`flex flex-col items-center justify-center rounded-lg border px-2 py-2 text-center text-sm has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-600 ${look}`} data-full={unavailable || undefined}>
                  <input type="radio" name="pickup-time" value={tm} checked={!unavailable && time === tm} disabled={unavailable}
                    onChange={() => { if (unavailable) return; setError(''); setTime(tm); }} className="sr-only" />
                  <bdi>{formatPickupTime(tm, locale)}</bdi>
                  {/* The label is part of the time's name: "08:00 am, Full". */}
                  {unavailable && <><span className="sr-only">, </span><span className="text-xs font-semibold text-brand-700" data-full-label>{t(m.pickup_slot_full_label)}</span></>}
                </label>
              );
            })}
          </div>
        )}
      </fieldset>
      {error && <p role="alert" className="field-error">{error}</p>}
      <div className="flex justify-end">
        <button type="button" className="btn-primary" data-save-pickup
          onClick={() => (date && time && !isFull(date, time) && isPickupDateAllowed(date, settings, new Date()) ? onSave(date, time) : setError(t(m.dm_pick_date_time)))}>
          {t(m.modal_save)}
        </button>
      </div>
    </div>
  );
}
