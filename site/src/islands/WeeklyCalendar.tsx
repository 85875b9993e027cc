import { useStore } from '@nanostores/react';
import { lazy, type ReactNode, Suspense, useEffect, useId, useState, useSyncExternalStore } from 'react';
import { BookingDetailDialog } from '../components/panel/BookingDetailDialog';
import { DayView } from '../components/panel/calendar/DayView';
import { Legend } from '../components/panel/calendar/Legend';
import { countWeek } from '../components/panel/calendar/slot-view';
import type { QueueTarget } from '../components/panel/calendar/WaitlistQueue';
import { WeekSummary } from '../components/panel/calendar/WeekSummary';
import { WeekTable } from '../components/panel/calendar/WeekTable';
import type { ClosePrefill } from '../components/panel/closures/model';
import type { Prefill } from '../components/panel/new-booking/form-model';
import { NewBookingDialog } from '../components/panel/new-booking/NewBookingDialog';
import { Button } from '../components/ui/Button';
import { fieldLabel, input } from '../components/ui/field';
import { ChevronLeftIcon, ChevronRightIcon } from '../components/ui/icons';
import { LiveBadge } from '../components/ui/LiveBadge';
import { istanbulToday } from '../lib/format';
import { coveredHours, dayAndMonth, isIsoDate, mondayOf, weekDates, weekRangeLabel } from '../lib/week';
import {
  $calendar,
  $calendarStatus,
  $facilities,
  $facilitiesStatus,
  $live,
  $week,
  type CalendarSlot,
  FACILITIES_FAILED,
  goThisWeek,
  initWeeklyCalendar,
  LOAD_FAILED,
  refreshWeek,
  resetWeeklyCalendar,
  retryWeek,
  selectDay,
  selectFacility,
  stepWeek,
  watchWeekLive,
} from '../stores/weekly-calendar';

const DESKTOP = '(min-width: 1024px)';
// A slot's waitlist (docs/behaviour.md#waitlist): its own chunk, loaded when staff open one.
const WaitlistQueue = lazy(() =>
  import('../components/panel/calendar/WaitlistQueue').then((m) => ({ default: m.WaitlistQueue })),
);
// 'Kapat' for the day shown (docs/behaviour.md#closures): the step dialog's chunk loads when staff press it.
const CloseDialog = lazy(() =>
  import('../components/panel/closures/CloseDialog').then((m) => ({ default: m.CloseDialog })),
);

/** ≥1024 px shows the table, narrower screens the day strip; only one is in the page, so every slot is there once. */
function useDesktop(): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const mq = window.matchMedia?.(DESKTOP);
      mq?.addEventListener('change', onChange);
      return () => mq?.removeEventListener('change', onChange);
    },
    () => window.matchMedia?.(DESKTOP).matches ?? true,
    () => true,
  );
}

/** The clock the past check runs on: a slot turns past while the page stays open. */
function useNow(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const t = setInterval(() => setNow(Date.now()), 60_000);
    return () => clearInterval(t);
  }, []);
  return now;
}

const LIVE_TEXTS = { open: 'Canlı', connecting: 'Bağlanıyor…', down: 'Canlı bağlantı yok' };

function Live() {
  return <LiveBadge state={useStore($live)} texts={LIVE_TEXTS} />;
}

function Skeleton({ desktop }: { desktop: boolean }) {
  return (
    <div aria-busy="true">
      <p role="status" className="sr-only">
        Takvim yükleniyor…
      </p>
      <div aria-hidden="true" className={`grid gap-2 ${desktop ? 'grid-cols-8' : 'grid-cols-1'}`} data-skeleton>
        {Array.from({ length: desktop ? 48 : 8 }, (_, i) => (
          <div
            // biome-ignore lint/suspicious/noArrayIndexKey: identical loading placeholders have no identity but their place
            key={i}
            className="h-12 animate-pulse rounded-md bg-slate-200 motion-reduce:animate-none dark:bg-slate-800"
          />
        ))}
      </div>
    </div>
  );
}

function Failure({ text, onRetry }: { text: string; onRetry: () => void }) {
  return (
    <div
      role="alert"
      className="flex flex-wrap items-center justify-between gap-3 rounded-lg border-l-4 border-red-700 bg-red-50 px-4 py-3 text-red-900 dark:bg-red-950 dark:text-red-100"
    >
      <p className="font-medium">{text}</p>
      <Button variant="secondary" size="sm" onPress={onRetry}>
        Tekrar Dene
      </Button>
    </div>
  );
}

/** Until the effects below have run, the server's and the browser's first render must agree (hydration). */
function useMounted(): boolean {
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  return mounted;
}

/**
 * /yonetim/haftalik-takvim (behaviour.md#management-panel 'Weekly calendar'). `today` is the Istanbul date the server computed for this
 * request: the first render (on the server and at hydration) shows that week, never the module's load-time clock,
 * which in a Worker reads 1970 ('29 Aralık 1969 – 4 Ocak 1970' and React error #418).
 */
export default function WeeklyCalendar({ today: serverToday }: { today?: string }) {
  const facilities = useStore($facilities);
  const facilitiesStatus = useStore($facilitiesStatus);
  const stored = useStore($week);
  const mounted = useMounted();
  const firstDay = isIsoDate(serverToday) ? serverToday : stored.day;
  const week = mounted ? stored : { facility: null, monday: mondayOf(firstDay), day: firstDay };
  const calendar = useStore($calendar);
  const status = useStore($calendarStatus);
  const desktop = useDesktop();
  const now = useNow();
  const [openBooking, setOpenBooking] = useState<string | null>(null);
  const [newBooking, setNewBooking] = useState<Prefill | null>(null);
  const [queue, setQueue] = useState<QueueTarget | null>(null);
  const [closeDay, setCloseDay] = useState<ClosePrefill | null>(null);
  const selectId = useId();

  useEffect(() => {
    resetWeeklyCalendar();
    void initWeeklyCalendar();
    return () => resetWeeklyCalendar();
  }, []);

  // biome-ignore lint/correctness/useExhaustiveDependencies: the live channel follows the pitch shown and starts once the list is in; watchWeekLive reads both from the store
  useEffect(() => watchWeekLive(), [week.facility, facilitiesStatus]);

  const today = mounted ? istanbulToday(now) : firstDay;
  const dates = weekDates(week.monday);
  const range = weekRangeLabel(week.monday);
  const facility = facilities.find((f) => f.slug === week.facility) ?? null;
  const shown = calendar && calendar.facility.slug === week.facility && calendar.from === week.monday ? calendar : null;
  const slots = shown?.slots ?? [];
  // A tap on a free hour opens the new-booking form with the pitch, the day and the hour filled.
  const book = (slot: CalendarSlot) =>
    setNewBooking({ facility: shown?.facility.documentId, date: slot.date, slot: slot.documentId });
  const openQueue = (slot: CalendarSlot) =>
    shown &&
    setQueue({
      facilityDocumentId: shown.facility.documentId,
      facilityName: shown.facility.name,
      slotDocumentId: slot.documentId,
      date: slot.date,
      startTime: slot.startTime,
      endTime: slot.endTime,
      startsAt: slot.startsAt,
    });

  let body: ReactNode;
  if (facilitiesStatus === 'error')
    body = <Failure text={FACILITIES_FAILED} onRetry={() => void initWeeklyCalendar()} />;
  else if (facilitiesStatus === 'ready' && facilities.length === 0)
    body = (
      <p className="rounded-lg border border-dashed border-slate-300 px-4 py-6 text-center text-slate-700 dark:border-slate-700 dark:text-slate-300">
        Henüz saha eklenmemiş
      </p>
    );
  else if (status === 'error') body = <Failure text={LOAD_FAILED} onRetry={() => void retryWeek()} />;
  else if (!shown) body = <Skeleton desktop={desktop} />;
  else if (slots.length === 0)
    body = (
      <p
        className="rounded-lg border border-dashed border-slate-300 px-4 py-6 text-center text-slate-700 dark:border-slate-700 dark:text-slate-300"
        data-empty-week
      >
        Bu hafta için slot bulunamadı
      </p>
    );
  else if (desktop)
    body = (
      <WeekTable
        dates={dates}
        slots={slots}
        today={today}
        now={now}
        caption={`${facility?.name ?? ''}, ${range}`}
        onOpen={setOpenBooking}
        onBook={book}
        onQueue={openQueue}
      />
    );
  else
    body = (
      <DayView
        dates={dates}
        slots={slots}
        day={week.day}
        today={today}
        now={now}
        onDay={selectDay}
        onOpen={setOpenBooking}
        onBook={book}
        onQueue={openQueue}
      />
    );

  return (
    <div className="space-y-5" data-weekly-calendar>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold">Haftalık Takvim</h1>
        <Live />
      </div>

      <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <div className="min-w-0">
          <label htmlFor={selectId} className={`block ${fieldLabel}`}>
            Saha
          </label>
          <select
            id={selectId}
            value={week.facility ?? ''}
            disabled={facilities.length === 0}
            onChange={(e) => selectFacility(e.target.value)}
            className={`${input} max-w-full min-w-60 sm:w-auto dark:[color-scheme:dark]`}
          >
            {facilities.length === 0 && (
              <option value="">{facilitiesStatus === 'loading' ? 'Yükleniyor…' : '—'}</option>
            )}
            {facilities.map((f) => (
              <option key={f.documentId} value={f.slug}>
                {f.isActive ? f.name : `${f.name} (Pasif)`}
              </option>
            ))}
          </select>
        </div>
        <div className="flex flex-wrap items-center gap-2">
          <Button
            variant="secondary"
            size="sm"
            isDisabled={!facility}
            data-close-day={week.day}
            onPress={() => facility && setCloseDay({ facilities: [facility.documentId], date: week.day })}
          >
            Kapat: {dayAndMonth(week.day)}
          </Button>
          <Button variant="secondary" size="sm" aria-label="Önceki hafta" onPress={() => stepWeek(-1)}>
            <ChevronLeftIcon className="h-4 w-4" />
          </Button>
          <Button variant="secondary" size="sm" onPress={goThisWeek}>
            Bu Hafta
          </Button>
          <Button variant="secondary" size="sm" aria-label="Sonraki hafta" onPress={() => stepWeek(1)}>
            <ChevronRightIcon className="h-4 w-4" />
          </Button>
        </div>
      </div>

      <WeekSummary
        range={range}
        facilityName={facility?.name ?? null}
        inactive={facility ? !facility.isActive : false}
        hours={coveredHours(slots)}
        counts={shown ? countWeek(slots, now) : null}
      />
      <Legend />

      <div>{body}</div>

      {queue && (
        <Suspense fallback={null}>
          <WaitlistQueue
            target={queue}
            onClose={() => {
              setQueue(null);
              void refreshWeek();
            }}
          />
        </Suspense>
      )}
      {closeDay && (
        <Suspense fallback={null}>
          <CloseDialog prefill={closeDay} onClose={() => setCloseDay(null)} onClosed={() => void refreshWeek()} />
        </Suspense>
      )}
      <NewBookingDialog prefill={newBooking} onClose={() => setNewBooking(null)} onCreated={() => void refreshWeek()} />
      <BookingDetailDialog
        documentId={openBooking}
        onClose={() => setOpenBooking(null)}
        onChanged={() => void refreshWeek()}
      />
    </div>
  );
}
