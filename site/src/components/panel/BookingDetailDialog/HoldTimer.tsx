// An unapproved hold's end, as a clock time and a live countdown, and 'Süreyi uzat' (docs/behaviour.md#bookings
// 'Hold expiry'): 30 dk, 1 saat, 2 saat or a typed length, with an optional reason that goes to the history.
import { useEffect, useState } from 'react';
import {
  durationText,
  HOLD_EXTEND_CHOICES,
  HOLD_EXTEND_MAX_MINUTES,
  HOLD_EXTEND_MIN_MINUTES,
  HOLD_EXTEND_REASON_MAX,
  holdMsg,
} from '../../../../../contracts/attendance';
import { client, unwrap } from '../../../lib/api';
import { Button } from '../../ui/Button';
import { HourglassIcon } from '../../ui/icons';
import { TextField } from '../../ui/TextField';
import { useActionRunner } from './action-runner';
import { customMinutes, holdIsUrgent, holdText } from './hold-model';
import type { BookingDetail } from './model';

export const EXTEND_FAILED = 'Onay süresi uzatılamadı. Lütfen tekrar deneyin.';
export const EXTENDED = 'Onay süresi uzatıldı';

/** Re-renders every `ms` with the current time. */
function useNow(ms: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const t = setInterval(() => setNow(Date.now()), ms);
    return () => clearInterval(t);
  }, [ms]);
  return now;
}

interface Props {
  booking: BookingDetail;
  /** The booking as the server answered after the extension. */
  onChanged: (b: BookingDetail, message: string) => void;
}

/** Shown for a pending booking with a deadline; nothing otherwise (a paid hold has none: it never expires). */
export function HoldTimer({ booking, onChanged }: Props) {
  const now = useNow(1000);
  const [open, setOpen] = useState(false);
  const [choice, setChoice] = useState<number | 'custom'>(HOLD_EXTEND_CHOICES[2]);
  const [custom, setCustom] = useState('');
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const { busy, run } = useActionRunner<'extend'>();
  if (booking.status !== 'pending' || !booking.expiresAt) return null;
  const urgent = holdIsUrgent(booking.expiresAt, now);

  async function extend() {
    const minutes =
      choice === 'custom'
        ? customMinutes(custom, HOLD_EXTEND_MIN_MINUTES, HOLD_EXTEND_MAX_MINUTES, holdMsg.minutesRange)
        : choice;
    if (typeof minutes === 'string') {
      setError(minutes);
      return;
    }
    if (reason.trim().length > HOLD_EXTEND_REASON_MAX) {
      setError(holdMsg.reasonTooLong);
      return;
    }
    setError(null);
    const req = {
      param: { id: booking.documentId },
      json: reason.trim() ? { minutes, reason: reason.trim() } : { minutes },
    };
    const ok = await run(
      'extend',
      async () => onChanged(await unwrap(client.api.bookings[':id']['extend-hold'].$post(req)), EXTENDED),
      EXTEND_FAILED,
    );
    if (ok) {
      setOpen(false);
      setReason('');
      setCustom('');
    }
  }

  const choiceClass = (on: boolean) =>
    `rounded-lg border px-3 py-1.5 text-sm font-medium ${
      on
        ? 'border-turf-700 bg-turf-700 text-white dark:border-turf-400 dark:bg-turf-400 dark:text-slate-950'
        : 'border-slate-300 text-slate-800 hover:bg-slate-100 dark:border-slate-600 dark:text-slate-100 dark:hover:bg-slate-800'
    }`;

  return (
    <section
      aria-labelledby="hold-timer"
      data-hold-timer
      className={`min-w-0 rounded-xl border p-4 ${
        urgent
          ? 'border-amber-400 bg-amber-50 dark:border-amber-600 dark:bg-amber-950'
          : 'border-slate-200 dark:border-slate-700'
      }`}
    >
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="min-w-0">
          <h3
            id="hold-timer"
            className="flex items-center gap-2 text-sm font-semibold text-slate-700 dark:text-slate-300"
          >
            <HourglassIcon aria-hidden="true" />
            Onay süresi
          </h3>
          <p
            data-hold-left
            className={`mt-1 text-lg font-bold tabular-nums ${urgent ? 'text-amber-900 dark:text-amber-100' : 'text-slate-900 dark:text-slate-100'}`}
          >
            {holdText(booking.expiresAt, now)}
          </p>
          <p className="text-sm text-slate-600 dark:text-slate-300">
            Onaylanmazsa bu saatte düşer; kapora kaydedilince düşmez.
          </p>
        </div>
        {!open && (
          <Button variant="secondary" size="sm" onPress={() => setOpen(true)}>
            Süreyi uzat
          </Button>
        )}
      </div>
      {open && (
        <div className="mt-3 space-y-3">
          <fieldset>
            <legend className="text-sm font-medium text-slate-800 dark:text-slate-200">Ne kadar uzatılsın?</legend>
            <div className="mt-2 flex flex-wrap gap-2">
              {HOLD_EXTEND_CHOICES.map((m) => (
                <button
                  key={m}
                  type="button"
                  aria-pressed={choice === m}
                  className={choiceClass(choice === m)}
                  onClick={() => {
                    setChoice(m);
                    setError(null);
                  }}
                >
                  {durationText(m)}
                </button>
              ))}
              <button
                type="button"
                aria-pressed={choice === 'custom'}
                className={choiceClass(choice === 'custom')}
                onClick={() => setChoice('custom')}
              >
                Özel
              </button>
            </div>
          </fieldset>
          {choice === 'custom' && (
            <TextField
              label="Dakika"
              inputMode="numeric"
              value={custom}
              onChange={(v) => {
                setCustom(v);
                setError(null);
              }}
              description={`${HOLD_EXTEND_MIN_MINUTES}–${HOLD_EXTEND_MAX_MINUTES} dakika`}
            />
          )}
          <TextField
            label="Neden (isteğe bağlı)"
            value={reason}
            maxLength={HOLD_EXTEND_REASON_MAX}
            placeholder="Müşteri ödediğini söyledi"
            onChange={setReason}
          />
          {error && (
            <p role="alert" className="text-sm font-medium text-red-700 dark:text-red-300">
              {error}
            </p>
          )}
          <div className="flex flex-wrap gap-2">
            <Button size="sm" isDisabled={busy !== null} onPress={extend}>
              {busy ? 'Uzatılıyor...' : 'Uzat'}
            </Button>
            <Button variant="ghost" size="sm" isDisabled={busy !== null} onPress={() => setOpen(false)}>
              Vazgeç
            </Button>
          </div>
        </div>
      )}
    </section>
  );
}
