// The waitlist entries this device keeps, in 'Rezervasyonlarım' (docs/behaviour.md#waitlist): each with its pitch, day
// and hour (or window), its live status by its key (the place in the queue; while offered 'Sıra sizde!' with the claim
// link and until when), and 'Listeden çık'. Only the keys go to the server, and only each entry's own status comes back.
import { useEffect, useState } from 'react';
import { type WaitlistEntryWire, waitlistStatusLabel, waitlistTexts } from '../../../../contracts/waitlist';
import { slotDateText } from '../../lib/format';
import { leaveWaitlist, waitlistEntry } from '../../lib/waitlist-api';
import { type DeviceWaitEntry, deviceWaitEntries, forgetWaitEntry } from '../../lib/waitlist-device';
import { Button } from '../ui/light/Button';

type Live = WaitlistEntryWire | 'missing' | 'failed';

const clock = (iso: string) =>
  new Intl.DateTimeFormat('tr-TR', { hour: '2-digit', minute: '2-digit', timeZone: 'Europe/Istanbul' }).format(
    new Date(iso),
  );

function Status({ live }: { live: Live | undefined }) {
  if (live === undefined) return <p className="text-sm text-slate-600 dark:text-slate-300">Durum alınıyor…</p>;
  if (live === 'failed') return <p className="text-sm text-slate-700 dark:text-slate-300">Durum alınamadı</p>;
  if (live === 'missing')
    return <p className="text-sm text-slate-700 dark:text-slate-300">Bu kayıt artık bekleme listesinde değil</p>;
  if (live.status === 'offered' && live.offer)
    return (
      <div className="rounded-lg border-l-4 border-sky-600 bg-sky-50 px-3 py-2 dark:bg-sky-950" data-waitlist-offered>
        <p className="font-semibold text-sky-950 dark:text-sky-50">
          {waitlistTexts.offered(clock(live.offer.expiresAt))}
        </p>
        <p className="mt-0.5 text-sm [overflow-wrap:anywhere]">
          {live.offer.facility.name} · {live.offer.startTime.slice(0, 5)}–{live.offer.endTime.slice(0, 5)}
        </p>
        <a
          href={live.offer.claimUrl}
          className="mt-2 inline-flex min-h-11 items-center rounded-lg bg-turf-700 px-4 font-semibold text-white hover:bg-turf-800"
          data-claim-link
        >
          Rezervasyonu tamamla
        </a>
      </div>
    );
  if (live.status === 'waiting')
    return (
      <p className="text-sm font-semibold" data-waitlist-position={live.position ?? ''}>
        Sıranız: {live.position ?? '—'}
      </p>
    );
  return (
    <p className="text-sm text-slate-700 dark:text-slate-300" data-waitlist-status={live.status}>
      {waitlistStatusLabel[live.status]}
    </p>
  );
}

export default function MyWaitlist() {
  const [list, setList] = useState<DeviceWaitEntry[]>([]);
  const [live, setLive] = useState<Record<string, Live>>({});
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    const kept = deviceWaitEntries();
    setList(kept);
    for (const e of kept)
      waitlistEntry(e.key).then(
        (w) => setLive((l) => ({ ...l, [e.key]: w })),
        (err: { status?: number }) => setLive((l) => ({ ...l, [e.key]: err?.status === 404 ? 'missing' : 'failed' })),
      );
  }, []);

  async function leave(key: string) {
    setError(null);
    try {
      await leaveWaitlist(key);
      forgetWaitEntry(key);
      setList(deviceWaitEntries());
    } catch {
      setError('Listeden çıkılamadı. Lütfen tekrar deneyin.');
    }
  }

  if (!list.length) return null;
  return (
    <section aria-labelledby="my-waitlist" className="mt-8" data-my-waitlist>
      <h2 id="my-waitlist" className="text-xl font-bold">
        Bekleme listelerim
      </h2>
      {error && (
        <p role="alert" className="mt-2 text-sm font-medium text-red-800 dark:text-red-200">
          {error}
        </p>
      )}
      <ul className="mt-3 space-y-3" aria-label="Bekleme listelerim">
        {list.map((e) => {
          const w = live[e.key];
          const ended = typeof w === 'object' && w.status !== 'waiting' && w.status !== 'offered';
          return (
            <li
              key={e.key}
              className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm dark:border-slate-700 dark:bg-slate-900"
              data-my-wait={e.kind}
            >
              <h3 className="font-bold [overflow-wrap:anywhere]">
                {e.facilitySlug ? (
                  <a
                    href={`/saha/${encodeURIComponent(e.facilitySlug)}`}
                    className="text-turf-800 underline-offset-2 hover:underline dark:text-turf-300"
                  >
                    {e.facilityName}
                  </a>
                ) : (
                  e.facilityName
                )}
              </h3>
              <p className="mt-0.5 text-slate-800 dark:text-slate-200">
                {slotDateText({ date: e.date, startTime: e.from })} ·{' '}
                {e.kind === 'window' && e.to !== e.from ? `${e.from}–${e.to} arası` : e.from}
              </p>
              <div className="mt-2">
                <Status live={w} />
              </div>
              <div className="mt-3 flex flex-wrap gap-3">
                {ended || w === 'missing' ? (
                  <Button
                    variant="ghost"
                    size="sm"
                    onPress={() => {
                      forgetWaitEntry(e.key);
                      setList(deviceWaitEntries());
                    }}
                  >
                    Bu cihazdan kaldır
                  </Button>
                ) : (
                  <Button variant="secondary" size="sm" onPress={() => void leave(e.key)}>
                    {waitlistTexts.leave}
                  </Button>
                )}
              </div>
            </li>
          );
        })}
      </ul>
      <p className="mt-3 text-sm text-slate-700 dark:text-slate-300">
        Bu liste yalnızca bu cihazda tutulur. 'Listeden çık' sıradaki yerinizi bırakır.
      </p>
    </section>
  );
}
