import { useEffect, useState } from 'react';
import { STATUS_LABELS } from '../../../contracts/booking-statuses';
import MyWaitlist from '../components/booking/MyWaitlist';
import { Button } from '../components/ui/light/Button';
import { client, unwrap } from '../lib/api';
import { type DeviceBooking, deviceBookings, forgetBooking, handToTracking } from '../lib/device-bookings';
import { slotDateText, trDateTime } from '../lib/format';
import { pushOnNumbers, readKept, writeKept } from '../lib/push-device';
import { PAYMENT_LABELS } from '../lib/tracking';

/** Numbers per status request: the route's own bound. */
const CHUNK = 20;

type Live = { status: string; paymentStatus: string };
type Statuses = Record<string, Live | 'missing'>;

const STATUS_TONE: Record<string, string> = {
  pending: 'bg-amber-100 text-amber-950 dark:bg-amber-900 dark:text-amber-50',
  approved: 'bg-turf-100 text-turf-950 dark:bg-turf-900 dark:text-turf-50',
  rejected: 'bg-red-100 text-red-950 dark:bg-red-900 dark:text-red-50',
  cancelled: 'bg-slate-200 text-slate-900 dark:bg-slate-700 dark:text-slate-50',
  expired: 'bg-slate-200 text-slate-900 dark:bg-slate-700 dark:text-slate-50',
};

/** The live status of the kept numbers, CHUNK at a time; a number the server does not know is 'missing'. */
async function liveStatuses(numbers: string[]): Promise<Statuses> {
  const out: Statuses = {};
  for (let i = 0; i < numbers.length; i += CHUNK) {
    const part = numbers.slice(i, i + CHUNK);
    const answer = await unwrap(client.api.bookings.track.statuses.$post({ json: { numbers: part } }));
    for (const n of part) out[n] = 'missing';
    for (const s of answer) out[s.bookingNumber] = { status: s.status, paymentStatus: s.paymentStatus };
  }
  return out;
}

function StatusText({ live }: { live: Live | 'missing' | undefined }) {
  if (live === undefined) return <span className="text-sm text-slate-600 dark:text-slate-300">Durum alınıyor…</span>;
  if (live === 'missing')
    return <span className="text-sm text-slate-700 dark:text-slate-300">Bu numarayla bir rezervasyon bulunamadı</span>;
  const label = STATUS_LABELS[live.status as keyof typeof STATUS_LABELS] ?? STATUS_LABELS.pending;
  const paid =
    live.paymentStatus !== 'pending' ? PAYMENT_LABELS[live.paymentStatus as keyof typeof PAYMENT_LABELS] : null;
  return (
    <span className="flex flex-wrap gap-2">
      <span
        className={`rounded-full px-2.5 py-0.5 text-sm font-semibold ${STATUS_TONE[live.status] ?? STATUS_TONE.pending}`}
        data-status={live.status}
      >
        {label}
      </span>
      {paid && (
        <span className="rounded-full bg-sky-100 px-2.5 py-0.5 text-sm font-semibold text-sky-950 dark:bg-sky-900 dark:text-sky-50">
          {paid}
        </span>
      )}
    </span>
  );
}

/**
 * 'Rezervasyonlarım' (behaviour.md#public-site): the bookings made or tracked on this device, read from the device
 * alone, each with its live status (only the numbers go to the server, and only their status comes back). A row opens
 * tracking with the number handed over in this tab, never in the address; 'Bu cihazdan kaldır' forgets it here and
 * stops this device hearing it (the booking itself is untouched).
 */
export default function MyBookings() {
  const [list, setList] = useState<DeviceBooking[] | null>(null);
  const [statuses, setStatuses] = useState<Statuses>({});
  const [failed, setFailed] = useState(false);
  /** The bookings whose notifications this device hears ('Bildirim al'). */
  const [pushOn, setPushOn] = useState<Set<string>>(() => new Set());

  useEffect(() => {
    const kept = deviceBookings();
    setList(kept);
    setPushOn(pushOnNumbers());
    if (!kept.length) return;
    liveStatuses(kept.map((b) => b.bookingNumber)).then(setStatuses, () => setFailed(true));
  }, []);

  function remove(bookingNumber: string) {
    forgetBooking(bookingNumber);
    setList(deviceBookings());
    // A booking no longer listed here is no longer heard here either: the server forgets this device for it (best
    // effort; failing that, the cron does a few hours after the booking is over).
    const kept = readKept();
    const heard = kept[bookingNumber];
    if (!heard) return;
    delete kept[bookingNumber];
    writeKept(kept);
    setPushOn(pushOnNumbers());
    void unwrap(
      client.api.bookings.track[':bookingNumber'].push.$delete({
        param: { bookingNumber },
        json: { endpoint: heard.endpoint },
      }),
    ).catch(() => {});
  }

  if (list === null) return <p className="text-slate-700 dark:text-slate-300">Yükleniyor…</p>;
  if (!list.length)
    return (
      <>
        <div className="rounded-2xl border border-slate-200 p-6 dark:border-slate-700" data-my-bookings-empty>
          <p className="font-semibold">Bu cihazda kayıtlı rezervasyon yok.</p>
          <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">
            Bu cihazdan yaptığınız ya da numarasıyla sorguladığınız rezervasyonlar burada listelenir.
          </p>
          <a
            href="/sahalar"
            className="mt-4 inline-block font-semibold text-turf-800 underline underline-offset-2 dark:text-turf-300"
          >
            Sahalara göz atın
          </a>
        </div>
        <MyWaitlist />
      </>
    );

  return (
    <div className="space-y-4">
      {failed && (
        <p
          role="alert"
          className="rounded-xl border border-red-300 bg-red-50 p-3 text-sm text-red-900 dark:border-red-800 dark:bg-red-950 dark:text-red-100"
        >
          Güncel durumlar alınamadı. Sayfayı yenileyerek tekrar deneyebilirsiniz.
        </p>
      )}
      <ul className="space-y-3" aria-label="Bu cihazdaki rezervasyonlar">
        {list.map((b) => (
          <li
            key={b.bookingNumber}
            className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5 dark:border-slate-700 dark:bg-slate-900"
            data-my-booking={b.bookingNumber}
          >
            <div className="flex flex-wrap items-start justify-between gap-3">
              <div className="min-w-0">
                <h2 className="text-lg font-bold [overflow-wrap:anywhere]">
                  <a
                    href={`/saha/${encodeURIComponent(b.facilitySlug)}`}
                    className="text-turf-800 underline-offset-2 hover:underline dark:text-turf-300"
                  >
                    {b.facilityName}
                  </a>
                </h2>
                <p className="mt-0.5 text-slate-800 dark:text-slate-200">
                  {slotDateText(b)} · {b.startTime}–{b.endTime}
                </p>
                <p className="mt-0.5 font-mono text-sm font-semibold tracking-wider">{b.bookingNumber}</p>
                {pushOn.has(b.bookingNumber) && (
                  <p className="mt-0.5 text-sm text-slate-700 dark:text-slate-300" data-push-on>
                    Bildirimler bu cihazda açık
                  </p>
                )}
              </div>
              <StatusText live={failed ? undefined : statuses[b.bookingNumber]} />
            </div>
            <div className="mt-3 flex flex-wrap items-center gap-3">
              <a
                href="/rezervasyon-takip"
                onClick={() => handToTracking(b.bookingNumber)}
                className="font-semibold text-turf-800 underline underline-offset-2 dark:text-turf-300"
              >
                Ayrıntılar ve iptal
                <span className="sr-only"> ({b.bookingNumber})</span>
              </a>
              <Button
                variant="ghost"
                size="sm"
                onPress={() => remove(b.bookingNumber)}
                aria-label={`${b.bookingNumber} numaralı rezervasyonu bu cihazdan kaldır`}
              >
                Bu cihazdan kaldır
              </Button>
              <span className="text-xs text-slate-600 dark:text-slate-300">Kaydedildi: {trDateTime(b.madeAt)}</span>
            </div>
          </li>
        ))}
      </ul>
      <p className="text-sm text-slate-700 dark:text-slate-300">
        Bu liste yalnızca bu cihazda tutulur; kaldırmak rezervasyonu iptal etmez. İptal için 'Ayrıntılar ve iptal'
        bağlantısını kullanın.
      </p>
      <MyWaitlist />
    </div>
  );
}
