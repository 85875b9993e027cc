import { useEffect, useMemo, useRef, useState } from 'react';
import { datesOf } from '../../../../../contracts/dates';
import type { SlotWire } from '../../../../../contracts/wire/slot';
import { client, unwrap } from '../../../lib/api';
import { toast } from '../../../stores/toast';
import { Button } from '../../ui/Button';
import { ChevronLeftIcon, ChevronRightIcon, ClockIcon, CrownSolidIcon } from '../../ui/icons';
import { Modal } from '../../ui/Modal';
import { Tab, TabList, TabPanel, Tabs } from '../../ui/Tabs';
import { toneOf } from '../calendar/slot-view';
import {
  countDay,
  dayMonthOf,
  dayPages,
  longDayOf,
  previewCell,
  rangeChunks,
  trShortDate,
  weekdayOf,
} from './SlotDays';

// Texts of behaviour.md#management-panel 'Slot preview modal' and #error-messages.
export const PREVIEW_TITLE = 'Slot Önizleme';
export const PREVIEW_LOAD_FAILED = 'Veri yüklenirken hata oluştu';
export const NO_SLOTS = 'Bu tarih için slot bulunamadı';
export const NO_SLOTS_HINT = 'Saha bu tarihte kapalı olabilir';

export interface SlotPreviewProps {
  facility: { id: number; name: string };
  /** The generated range, YYYY-MM-DD, both included. */
  startDate: string;
  endDate: string;
  /** Moves the focus to the chosen day once shown (the step that opened it is gone, so focus would be lost). */
  autoFocus?: boolean;
}

/**
 * The slots of a range, a day at a time: a day selector (pages of seven days), the day's Müsait / Dolu / Toplam counts
 * and a grid of its slots. The whole range comes in one request per 31 days (behaviour.md#slots), in the API's order, so an
 * overnight pitch's 00:00 and 01:00 stay after 23:00 under the business day they belong to (behaviour.md#time-money-and-identity).
 */
export function SlotPreview({ facility, startDate, endDate, autoFocus = false }: SlotPreviewProps) {
  const root = useRef<HTMLDivElement>(null);
  const days = useMemo(
    () => (startDate <= endDate ? datesOf({ from: startDate, to: endDate }) : []),
    [startDate, endDate],
  );
  const pages = useMemo(() => dayPages(days), [days]);
  const [day, setDay] = useState(startDate);
  const [slots, setSlots] = useState<SlotWire[]>([]);
  const [state, setState] = useState<'loading' | 'ready' | 'error'>('loading');
  const [attempt, setAttempt] = useState(0);

  // biome-ignore lint/correctness/useExhaustiveDependencies: 'attempt' is the Tekrar Dene button's reload
  useEffect(() => {
    let live = true;
    setState('loading');
    const ref = String(facility.id);
    Promise.all(
      rangeChunks(startDate, endDate).map((q) =>
        unwrap(client.api.facilities[':ref'].slots.$get({ param: { ref }, query: q })),
      ),
    )
      .then((answers) => {
        if (!live) return;
        setSlots(answers.flatMap((a) => ('slots' in a ? a.slots : [])));
        setState('ready');
      })
      .catch(() => {
        if (!live) return;
        setState('error');
        toast('error', PREVIEW_LOAD_FAILED);
      });
    return () => {
      live = false;
    };
  }, [facility.id, startDate, endDate, attempt]);

  useEffect(() => {
    if (!autoFocus) return;
    // After the frame: the day tabs are built by react-aria's collection, not in the first commit.
    const frame = requestAnimationFrame(() =>
      root.current?.querySelector<HTMLElement>('[role="tab"][aria-selected="true"]')?.focus(),
    );
    return () => cancelAnimationFrame(frame);
  }, [autoFocus]);

  const pageIndex = Math.max(
    0,
    pages.findIndex((p) => p.includes(day)),
  );
  const page = pages[pageIndex] ?? [];
  const toPage = (i: number) => setDay(pages[i][0]);
  const mine = slots.filter((s) => s.date === day);
  const counts = countDay(mine);

  if (days.length === 0) return null;
  return (
    <div ref={root} className="min-w-0 space-y-3" data-slot-preview>
      {pages.length > 1 && (
        <div className="flex items-center justify-between gap-2">
          <Button
            variant="quiet"
            size="iconSm"
            aria-label="Önceki günler"
            isDisabled={pageIndex === 0}
            onPress={() => toPage(pageIndex - 1)}
          >
            <ChevronLeftIcon />
          </Button>
          <p className="text-sm font-medium tabular-nums text-slate-700 dark:text-slate-300" aria-live="polite">
            {trShortDate(page[0])} – {trShortDate(page[page.length - 1])}
          </p>
          <Button
            variant="quiet"
            size="iconSm"
            aria-label="Sonraki günler"
            isDisabled={pageIndex === pages.length - 1}
            onPress={() => toPage(pageIndex + 1)}
          >
            <ChevronRightIcon />
          </Button>
        </div>
      )}
      <Tabs selectedKey={day} onSelectionChange={(key) => setDay(String(key))}>
        <TabList aria-label="Günler" variant="days">
          {page.map((d) => (
            <Tab key={d} id={d} data-preview-day={d}>
              <span className="text-xs">{weekdayOf(d)}</span>{' '}
              <span className="text-xs font-semibold tabular-nums sm:text-sm">{dayMonthOf(d)}</span>
            </Tab>
          ))}
        </TabList>
        <TabPanel id={day} className="mt-3">
          <h3 className="mb-2 text-base font-semibold">{longDayOf(day)}</h3>
          {state === 'loading' ? (
            <p role="status" className="flex items-center gap-3 py-6 text-slate-700 dark:text-slate-300">
              <span
                aria-hidden="true"
                className="h-5 w-5 animate-spin rounded-full border-2 border-slate-300 border-t-turf-700 motion-reduce:animate-none dark:border-slate-600 dark:border-t-turf-400"
              />
              Slotlar yükleniyor...
            </p>
          ) : state === 'error' ? (
            <div
              role="alert"
              className="rounded-xl border border-red-300 bg-red-50 p-4 text-red-900 dark:border-red-800 dark:bg-red-950 dark:text-red-100"
            >
              <p className="font-semibold">{PREVIEW_LOAD_FAILED}</p>
              <Button variant="secondary" size="sm" className="mt-3" onPress={() => setAttempt((n) => n + 1)}>
                Tekrar Dene
              </Button>
            </div>
          ) : (
            <DaySlots slots={mine} counts={counts} />
          )}
        </TabPanel>
      </Tabs>
    </div>
  );
}

function DaySlots({ slots, counts }: { slots: SlotWire[]; counts: ReturnType<typeof countDay> }) {
  const stat = 'rounded-lg border px-2 py-2 text-center';
  return (
    <>
      <dl className="grid grid-cols-3 gap-2" data-day-counts>
        <div
          className={`${stat} border-turf-300 bg-turf-50 text-turf-900 dark:border-turf-800 dark:bg-turf-950 dark:text-turf-100`}
        >
          <dt className="text-xs font-medium">Müsait</dt>
          <dd className="text-lg font-bold tabular-nums" data-count="available">
            {counts.available}
          </dd>
        </div>
        <div
          className={`${stat} border-amber-300 bg-amber-50 text-amber-950 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-100`}
        >
          <dt className="text-xs font-medium">Dolu</dt>
          <dd className="text-lg font-bold tabular-nums" data-count="taken">
            {counts.taken}
          </dd>
        </div>
        <div
          className={`${stat} border-slate-300 bg-slate-50 text-slate-900 dark:border-slate-600 dark:bg-slate-800 dark:text-slate-100`}
        >
          <dt className="text-xs font-medium">Toplam</dt>
          <dd className="text-lg font-bold tabular-nums" data-count="total">
            {counts.total}
          </dd>
        </div>
      </dl>
      {slots.length === 0 ? (
        <div className="mt-3 rounded-lg border border-dashed border-slate-300 px-3 py-6 text-center dark:border-slate-600">
          <p className="font-semibold text-slate-900 dark:text-slate-100">{NO_SLOTS}</p>
          <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">{NO_SLOTS_HINT}</p>
        </div>
      ) : (
        <ul className="mt-3 grid grid-cols-2 gap-2 sm:grid-cols-3" aria-label="Slotlar">
          {slots.map((s) => {
            const v = previewCell(s);
            return (
              <li
                key={s.documentId}
                data-preview-slot={s.documentId}
                data-state={v.state}
                className={`flex min-w-0 flex-col gap-0.5 rounded-md border px-2 py-1.5 text-sm ${toneOf(v)}`}
              >
                <span className="font-semibold whitespace-nowrap tabular-nums">{v.time}</span>
                <span className={`min-w-0 [overflow-wrap:anywhere] ${v.state === 'available' ? 'font-semibold' : ''}`}>
                  {v.state === 'subscriber' && <CrownSolidIcon className="mr-1 inline h-4 w-4 align-[-0.2em]" />}
                  {v.text}
                </span>
                <span className="flex items-center gap-1 text-xs font-medium">
                  {v.state === 'pending' && <ClockIcon className="h-3.5 w-3.5 shrink-0" />}
                  {v.label}
                </span>
              </li>
            );
          })}
        </ul>
      )}
    </>
  );
}

/** The preview on its own, for a screen that opens it without generating first. */
export function SlotPreviewDialog({ onClose, ...props }: SlotPreviewProps & { onClose: () => void }) {
  return (
    <Modal
      title={PREVIEW_TITLE}
      size="lg"
      isOpen
      closeLabel="Pencereyi kapat"
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      footer={
        <Button variant="secondary" onPress={onClose}>
          Kapat
        </Button>
      }
    >
      <p className="-mt-2 mb-3 text-sm font-medium text-slate-700 [overflow-wrap:anywhere] dark:text-slate-300">
        {props.facility.name}
      </p>
      <SlotPreview {...props} />
    </Modal>
  );
}
