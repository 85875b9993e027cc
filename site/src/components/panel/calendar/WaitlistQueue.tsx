// A slot's waitlist in the panel (docs/behaviour.md#waitlist): who waits for it in queue order (and the window entries
// of that day that include the pitch, apart), their phones, status, place and the hold's end, a WhatsApp link each with
// a Turkish message naming the pitch, the day and the hour (while offered, the player's claim link), and
// 'Listeden çıkar' with a confirmation.
import { useEffect, useState } from 'react';
import { whatsappHref } from '../../../../../contracts/phone-links';
import { type WaitlistQueueEntryWire, waitlistStatusLabel } from '../../../../../contracts/waitlist';
import { realStart, trDateTime } from '../../../lib/format';
import { type QueueAnswer, removeFromQueue, slotQueue } from '../../../lib/waitlist-api';
import { dayAndMonth, weekdayName } from '../../../lib/week';
import { Button } from '../../ui/Button';
import { buttonBase, buttonSizes, buttonVariants } from '../../ui/button-styles';
import { Modal } from '../../ui/Modal';

export interface QueueTarget {
  facilityDocumentId: string;
  facilityName: string;
  slotDocumentId: string;
  date: string;
  startTime: string;
  endTime: string;
  /** The real start instant: an after-midnight hour is the next calendar day's. */
  startsAt: string;
}

const calendarDay = (t: QueueTarget) =>
  realStart({ date: t.date, startTime: t.startTime, startsAt: t.startsAt }).calendarDate;

const clock = (iso: string) =>
  new Intl.DateTimeFormat('tr-TR', { hour: '2-digit', minute: '2-digit', timeZone: 'Europe/Istanbul' }).format(
    new Date(iso),
  );

/** The Turkish message staff send by WhatsApp: the pitch, the day and the hour; while offered, the claim link. */
export function queueMessage(t: QueueTarget, e: WaitlistQueueEntryWire, origin = location.origin): string {
  const day = `${dayAndMonth(calendarDay(t))} ${weekdayName(calendarDay(t))}`;
  const hour = `${t.startTime.slice(0, 5)}–${t.endTime.slice(0, 5)}`;
  const first = e.customerName.split(/\s+/)[0] ?? e.customerName;
  if (e.status === 'offered' && e.claimUrl) {
    const url = e.claimUrl.startsWith('/') ? `${origin}${e.claimUrl}` : e.claimUrl;
    const until = e.offerExpiresAt ? ` ${clock(e.offerExpiresAt)} saatine kadar` : '';
    return `Merhaba ${first}, ${t.facilityName} ${day} ${hour} saati boşaldı ve${until} sizin için ayrıldı. Rezervasyonu tamamlamak için: ${url}`;
  }
  return `Merhaba ${first}, ${t.facilityName} ${day} ${hour} için bekleme listesindesiniz${e.position ? ` (sıranız: ${e.position})` : ''}. Saat boşalırsa size haber vereceğiz.`;
}

const waLink = `${buttonBase} ${buttonSizes.sm} ${buttonVariants('native').secondary}`;

function Entry({
  t,
  e,
  onRemove,
}: {
  t: QueueTarget;
  e: WaitlistQueueEntryWire;
  onRemove: (e: WaitlistQueueEntryWire) => void;
}) {
  const [asking, setAsking] = useState(false);
  return (
    <li className="rounded-lg border border-slate-200 p-3 dark:border-slate-700" data-queue-entry={e.status}>
      <p className="font-semibold [overflow-wrap:anywhere]">
        {e.position ? `${e.position}. ` : ''}
        {e.customerName}
      </p>
      <p className="text-sm tabular-nums">{e.customerPhone}</p>
      <p className="text-sm">
        {waitlistStatusLabel[e.status]}
        {e.status === 'offered' && e.offerExpiresAt ? ` · ${clock(e.offerExpiresAt)} saatine kadar ayrıldı` : ''}
        {e.kind === 'window' ? ' · saat aralığı' : ''}
      </p>
      <p className="text-xs text-slate-600 dark:text-slate-300">Eklendi: {trDateTime(e.createdAt)}</p>
      <div className="mt-2 flex flex-wrap items-center gap-2">
        <a
          href={whatsappHref(e.customerPhone, queueMessage(t, e))}
          target="_blank"
          rel="noopener noreferrer"
          className={waLink}
          data-queue-whatsapp
        >
          WhatsApp<span className="sr-only"> ({e.customerName}, yeni sekmede açılır)</span>
        </a>
        {asking ? (
          <>
            <span className="text-sm font-medium">Listeden çıkarılsın mı?</span>
            <Button variant="danger" size="sm" onPress={() => onRemove(e)}>
              Evet, çıkar
            </Button>
            <Button variant="secondary" size="sm" onPress={() => setAsking(false)}>
              Vazgeç
            </Button>
          </>
        ) : (
          <Button
            variant="secondary"
            size="sm"
            onPress={() => setAsking(true)}
            aria-label={`${e.customerName}: Listeden çıkar`}
          >
            Listeden çıkar
          </Button>
        )}
      </div>
    </li>
  );
}

export function WaitlistQueue({ target, onClose }: { target: QueueTarget; onClose: () => void }) {
  const [answer, setAnswer] = useState<QueueAnswer | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [version, setVersion] = useState(0);

  // biome-ignore lint/correctness/useExhaustiveDependencies: read again after a removal (`version`)
  useEffect(() => {
    let live = true;
    setError(null);
    slotQueue(target.facilityDocumentId, target.date).then(
      (a) => live && setAnswer(a),
      (e: Error) => live && setError(e.message || 'Bekleme listesi yüklenemedi'),
    );
    return () => {
      live = false;
    };
  }, [target.facilityDocumentId, target.date, version]);

  async function remove(e: WaitlistQueueEntryWire) {
    try {
      await removeFromQueue(e.documentId);
      setVersion((v) => v + 1);
    } catch (err) {
      setError((err as Error).message || 'Listeden çıkarılamadı');
    }
  }

  const slot = answer?.slots.find((s) => s.slotDocumentId === target.slotDocumentId);
  const windows = (answer?.windows ?? []).filter((w) => w.status === 'waiting' || w.status === 'offered');
  return (
    <Modal
      title={`Bekleme listesi: ${target.startTime.slice(0, 5)}–${target.endTime.slice(0, 5)}`}
      isOpen
      closeLabel="Pencereyi kapat"
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
    >
      <p className="text-sm [overflow-wrap:anywhere]">
        {target.facilityName} · {dayAndMonth(calendarDay(target))} {weekdayName(calendarDay(target))}
      </p>
      {error && (
        <p role="alert" className="mt-2 text-sm font-medium text-red-700 dark:text-red-300">
          {error}
        </p>
      )}
      {!answer && !error && <p className="mt-3 text-sm">Yükleniyor…</p>}
      {answer && (
        <>
          {slot?.entries.length ? (
            <ul className="mt-3 space-y-2" aria-label="Bu saatin sırası" data-queue-slot>
              {slot.entries.map((e) => (
                <Entry key={e.documentId} t={target} e={e} onRemove={(x) => void remove(x)} />
              ))}
            </ul>
          ) : (
            <p className="mt-3 text-sm">Bu saat için bekleyen yok.</p>
          )}
          {windows.length > 0 && (
            <>
              <h3 className="mt-4 text-sm font-semibold">O gün saat aralığıyla bekleyenler</h3>
              <ul className="mt-2 space-y-2" aria-label="Saat aralığıyla bekleyenler" data-queue-windows>
                {windows.map((e) => (
                  <Entry key={e.documentId} t={target} e={e} onRemove={(x) => void remove(x)} />
                ))}
              </ul>
            </>
          )}
        </>
      )}
    </Modal>
  );
}
