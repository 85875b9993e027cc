import { useEffect, useState } from 'react';
import { type CalendarFeedWire, calendarMsg } from '../../../../../contracts/calendar-feed';
import { client, unwrap } from '../../../lib/api';
import { messageOf } from '../../../lib/errors';
import { toast } from '../../../stores/toast';
import { CopyButton } from '../../booking/CopyButton';
import { Button } from '../../ui/Button';
import { CalendarIcon } from '../../ui/icons';

type Feed = CalendarFeedWire | null;
const feedRoute = client.api.subscriptions[':groupId']['calendar-feed'];
const param = (groupId: string) => ({ param: { groupId } });

/**
 * The subscriber's calendar feed (behaviour.md#subscriptions): a secret address staff create, copy and send to the
 * subscriber (show it again any time), renew when it reached someone else, or revoke. The feed lists the subscription's
 * weekly bookings with their numbers, the subscriber's key to open or cancel one in tracking.
 */
export function CalendarFeedCard({ groupId, onChange }: { groupId: string; onChange?: () => void }) {
  const [feed, setFeed] = useState<Feed | undefined>(undefined);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    let live = true;
    setFeed(undefined);
    unwrap(feedRoute.$get(param(groupId))).then(
      (f) => live && setFeed(f),
      () => live && setFeed(null),
    );
    return () => {
      live = false;
    };
  }, [groupId]);

  async function run(call: () => Promise<Feed>, done: string) {
    setBusy(true);
    try {
      setFeed(await call());
      toast('success', done);
      onChange?.();
    } catch (e) {
      toast('error', calendarMsg.failed, messageOf(e));
    } finally {
      setBusy(false);
    }
  }

  const create = () => run(() => unwrap(feedRoute.$post(param(groupId))), calendarMsg.created);
  const renew = () => run(() => unwrap(feedRoute.renew.$post(param(groupId))), calendarMsg.renewed);
  const revoke = () => run(() => unwrap(feedRoute.$delete(param(groupId))), calendarMsg.revoked);

  return (
    <section
      aria-labelledby="calendar-feed-heading"
      className="rounded-xl border border-slate-200 p-3 dark:border-slate-700"
      data-calendar-feed
    >
      <h3 id="calendar-feed-heading" className="flex items-center gap-2 font-semibold">
        <CalendarIcon aria-hidden="true" /> Takvim bağlantısı
      </h3>
      <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">
        Abone bu bağlantıyı telefonunun takvimine eklerse haftalık maçları rezervasyon numaralarıyla birlikte takviminde
        görünür. Bağlantıyı yalnızca aboneye gönderin; yenilerseniz eskisi çalışmaz.
      </p>
      {feed === undefined ? (
        <p aria-busy="true" className="mt-2 text-sm text-slate-700 dark:text-slate-300">
          Yükleniyor...
        </p>
      ) : feed === null ? (
        <Button className="mt-3" size="sm" onPress={create} isDisabled={busy} data-feed-create>
          Takvim bağlantısı oluştur
        </Button>
      ) : (
        <div className="mt-3 space-y-2">
          <p className="rounded-lg bg-slate-100 p-2 font-mono text-xs break-all dark:bg-slate-800" data-feed-url>
            {feed.url}
          </p>
          <div className="flex flex-wrap items-center gap-2">
            <CopyButton text={feed.url} label="Takvim bağlantısını kopyala" />
            <a
              href={feed.webcalUrl}
              className="text-sm font-medium text-turf-800 underline underline-offset-2 dark:text-turf-300"
            >
              Takvim uygulamasında aç
            </a>
          </div>
          <div className="flex flex-wrap gap-2">
            <Button variant="secondary" size="sm" onPress={renew} isDisabled={busy} data-feed-renew>
              Yeni bağlantı oluştur
            </Button>
            <Button variant="danger" size="sm" onPress={revoke} isDisabled={busy} data-feed-revoke>
              Bağlantıyı iptal et
            </Button>
          </div>
        </div>
      )}
    </section>
  );
}
