// 'Boşalınca haber ver' under a taken hour of the pitch page (docs/behaviour.md#waitlist): name and phone (what was
// typed on this page stays, as on the booking form), the length on a pitch offering several, and push where the player
// allows it. The answer: the place in the queue, what happens when the hour frees, and 'Listeden çık'. Its own chunk,
// loaded on the tap (docs/performance.md 'Budgets').
import { useStore } from '@nanostores/react';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { lengthLabel } from '../../../../contracts/match-length';
import { type WaitlistEntryWire, waitlistTexts } from '../../../../contracts/waitlist';
import { realStart, trCalendarDay } from '../../lib/format';
import {
  errorOf,
  fieldErrorsOf,
  join,
  joinedLines,
  LEAVE_FAILED,
  LEFT_TEXT,
  leave,
  NAME_REQUIRED,
  PHONE_REQUIRED,
  PUSH_FAILED,
} from '../../lib/waitlist-join';
import { $facility } from '../../stores/booking/facility';
import { $waitFor } from '../../stores/booking/flow';
import { $draft } from '../../stores/booking/form';
import { choosesLength } from '../../stores/booking/length';
import { lengthsOf } from '../../stores/booking/length-choice';
import { formatPhoneTyping } from '../../stores/booking/phone-typing';
import { slotTime } from '../../stores/booking/slot-time';
import { fieldLabel, input } from '../ui/field';
import { Button } from '../ui/light/Button';
import { TextField } from '../ui/light/TextField';

const pushAvailable = () =>
  typeof navigator !== 'undefined' &&
  'serviceWorker' in navigator &&
  'PushManager' in window &&
  'Notification' in window;

/** The answer to a join: the place, what comes next, and leaving. Shared by the pitch page and 'Boş saat bul'. */
export function Joined({
  entry,
  pushFailed,
  onLeft,
}: {
  entry: WaitlistEntryWire;
  pushFailed: boolean;
  onLeft?: () => void;
}) {
  const [left, setLeft] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [first, explain] = joinedLines(entry);
  async function out() {
    setBusy(true);
    setError(null);
    try {
      await leave(entry.key);
      setLeft(true);
      onLeft?.();
    } catch {
      setError(LEAVE_FAILED);
    } finally {
      setBusy(false);
    }
  }
  if (left)
    return (
      <p role="status" className="font-semibold" data-waitlist-left>
        {LEFT_TEXT}
      </p>
    );
  return (
    <div data-waitlist-joined={entry.position ?? ''}>
      <p role="status" className="font-semibold">
        {first}
      </p>
      <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">{explain}</p>
      {pushFailed && <p className="mt-1 text-sm text-amber-900 dark:text-amber-200">{PUSH_FAILED}</p>}
      <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">
        Sıranızı{' '}
        <a
          href="/rezervasyonlarim"
          className="font-semibold text-turf-800 underline underline-offset-2 dark:text-turf-300"
        >
          Rezervasyonlarım
        </a>{' '}
        sayfasından izleyebilirsiniz.
      </p>
      <div className="mt-3 flex flex-wrap items-center gap-3">
        <Button variant="secondary" size="sm" onPress={() => void out()} isDisabled={busy} data-waitlist-leave>
          {waitlistTexts.leave}
        </Button>
        {error && (
          <p role="alert" className="text-sm font-medium text-red-800 dark:text-red-200">
            {error}
          </p>
        )}
      </div>
    </div>
  );
}

export default function WaitlistJoin() {
  const slot = useStore($waitFor);
  const f = useStore($facility);
  const draft = useStore($draft);
  const id = useId();
  const [duration, setDuration] = useState<number | null>(null);
  const [push, setPush] = useState(false);
  const [errors, setErrors] = useState<{ customerName?: string; customerPhone?: string }>({});
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [joined, setJoined] = useState<{ entry: WaitlistEntryWire; pushFailed: boolean } | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const canPush = pushAvailable();

  // The form opens under the tapped hour: focus goes to its heading, so a keyboard or screen-reader user is there.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per slot opened
  useEffect(() => {
    heading.current?.focus();
    setJoined(null);
    setProblem(null);
    setErrors({});
  }, [slot?.documentId]);

  if (!slot || !f) return null;
  const lengths = lengthsOf(f);
  const when = `${trCalendarDay(realStart(slot).calendarDate)} ${slotTime(slot)}`;

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    if (!slot || !f) return;
    const d = $draft.get();
    const missing = {
      ...(d.customerName.trim() ? {} : { customerName: NAME_REQUIRED }),
      ...(d.customerPhone.trim() ? {} : { customerPhone: PHONE_REQUIRED }),
    };
    setErrors(missing);
    setProblem(null);
    if (Object.keys(missing).length) return;
    setBusy(true);
    try {
      const answer = await join(
        {
          facility: f.documentId,
          bookingSlot: slot.documentId,
          customerName: d.customerName.trim(),
          customerPhone: d.customerPhone,
          ...(choosesLength(f) && duration ? { duration } : {}),
        },
        push,
      );
      setJoined(answer);
    } catch (err) {
      const fields = fieldErrorsOf(err);
      if (Object.keys(fields).length) setErrors(fields);
      else setProblem(errorOf(err));
    } finally {
      setBusy(false);
    }
  }

  return (
    <section
      aria-labelledby={`${id}-h`}
      className="rounded-xl border border-sky-300 bg-sky-50 p-4 text-slate-900 dark:border-sky-800 dark:bg-sky-950 dark:text-slate-100"
      data-waitlist-join={slot.documentId}
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h4 id={`${id}-h`} ref={heading} tabIndex={-1} className="min-w-0 font-bold outline-none">
          {waitlistTexts.join}
          <span className="block text-sm font-medium [overflow-wrap:anywhere]">
            {f.name} · {when}
          </span>
        </h4>
        <Button variant="ghost" size="sm" onPress={() => $waitFor.set(null)}>
          Kapat
        </Button>
      </div>
      {joined ? (
        <div className="mt-3">
          <Joined entry={joined.entry} pushFailed={joined.pushFailed} />
        </div>
      ) : (
        <form noValidate onSubmit={onSubmit} className="mt-3 grid gap-3 sm:grid-cols-2" aria-label={waitlistTexts.join}>
          <TextField
            label="Ad Soyad"
            name="customerName"
            autoComplete="name"
            required
            maxLength={100}
            value={draft.customerName}
            onChange={(v) => $draft.setKey('customerName', v)}
            errorMessage={errors.customerName}
          />
          <PhoneInput
            value={draft.customerPhone}
            onChange={(v) => $draft.setKey('customerPhone', v)}
            errorMessage={errors.customerPhone}
          />
          {lengths.length > 1 && (
            <label className="block sm:col-span-2">
              <span className={fieldLabel}>Süre</span>
              <select
                className={input}
                value={duration ?? lengths[0]}
                onChange={(e) => setDuration(Number(e.target.value))}
                data-waitlist-length
              >
                {lengths.map((m) => (
                  <option key={m} value={m}>
                    {lengthLabel(m)}
                  </option>
                ))}
              </select>
            </label>
          )}
          {canPush && (
            <label className="flex cursor-pointer items-start gap-2 sm:col-span-2">
              <input
                type="checkbox"
                checked={push}
                onChange={(e) => setPush(e.target.checked)}
                className="mt-0.5 h-5 w-5 shrink-0 accent-turf-700"
                data-waitlist-push
              />
              <span className="text-sm">
                <span className="font-semibold">Bildirim al</span>: saat boşalınca bu cihaza bildirim gelsin (adınız ve
                telefonunuz bildirimde yazmaz).
              </span>
            </label>
          )}
          <div className="flex flex-wrap items-center gap-3 sm:col-span-2">
            <Button type="submit" isDisabled={busy} data-waitlist-submit>
              {busy ? 'Gönderiliyor…' : waitlistTexts.join}
            </Button>
            {problem && (
              <p
                role="alert"
                className="min-w-0 text-sm font-medium text-red-800 dark:text-red-200"
                data-waitlist-error
              >
                {problem}
              </p>
            )}
          </div>
        </form>
      )}
    </section>
  );
}

/** The phone box formatted while typing (0XXX XXX XX XX), the caret after the same digit. */
function PhoneInput({
  value,
  onChange,
  errorMessage,
}: {
  value: string;
  onChange: (v: string) => void;
  errorMessage?: string;
}) {
  return (
    <TextField
      label="Telefon"
      name="customerPhone"
      type="tel"
      inputMode="tel"
      autoComplete="tel"
      required
      value={value}
      onChange={(raw) => onChange(formatPhoneTyping(raw))}
      errorMessage={errorMessage}
      placeholder="05XX XXX XX XX"
      description={
        <>
          Telefon numaranız yalnızca boşalan saati size ulaştırmak için işlenir —{' '}
          <a href="/aydinlatma-metni" className="font-semibold text-turf-800 underline dark:text-turf-300">
            Aydınlatma Metni
          </a>
        </>
      }
    />
  );
}
