import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { BookingCounts } from '../components/panel/bookings/BookingCounts';
import { BookingCards, BookingTable } from '../components/panel/bookings/BookingList';
import { ExportMenu } from '../components/panel/bookings/ExportMenu';
import { FilterBar } from '../components/panel/bookings/FilterBar';
import { BookingDetailDialog, NewBookingDialog, preloadOnTouch } from '../components/panel/lazy-dialogs';
import { Pager } from '../components/panel/Pager';
import { Button } from '../components/ui/Button';
import { CalendarPlusIcon } from '../components/ui/icons';
import { ListState } from '../components/ui/ListState';
import { type Key, Tab, TabList, TabPanel, Tabs } from '../components/ui/Tabs';
import { followBookingEvents } from '../stores/dashboard';
import {
  $bookingFilters,
  $bookingItems,
  $bookingMeta,
  $bookingStatus,
  $narrow,
  BOOKING_TABS,
  type BookingTab,
  LIST_FAILED,
  loadBookings,
  refreshBookings,
  setBookingPage,
  setBookingTab,
  startBookings,
} from '../stores/panel-bookings';

/** The address parameter a notification links a booking by (components/notifications/NotificationParts.tsx). */
const BOOKING_PARAM = 'booking';

/** Once its dialog is closed, the linked booking leaves the address, so a reload does not open it again. */
function forgetLinkedBooking() {
  const url = new URL(location.href);
  if (!url.searchParams.has(BOOKING_PARAM)) return;
  url.searchParams.delete(BOOKING_PARAM);
  history.replaceState(history.state, '', url.pathname + url.search + url.hash);
}

/** Bookings management (behaviour.md#management-panel): tabs with counts, search, filters, table or cards, pager and the detail dialog. */
export default function BookingsManager() {
  const filters = useStore($bookingFilters);
  const items = useStore($bookingItems);
  const meta = useStore($bookingMeta);
  const status = useStore($bookingStatus);
  const narrow = useStore($narrow);
  const [selected, setSelected] = useState<string | null>(null);
  const [creating, setCreating] = useState(false);

  useEffect(() => {
    // A notification's link (?booking=<number or documentId>) opens that booking's detail at once.
    const linked = new URLSearchParams(location.search).get(BOOKING_PARAM);
    if (linked) setSelected(linked);
    const stop = startBookings();
    // New bookings and decisions made elsewhere refresh the page and the tab counts.
    const unfollow = followBookingEvents(() => void refreshBookings());
    return () => {
      unfollow();
      stop();
    };
  }, []);

  const counts = meta?.counts ?? null;
  const pagination = meta?.pagination;

  return (
    <div className="space-y-5" {...preloadOnTouch}>
      <header className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl dark:text-slate-100">Rezervasyon Yönetimi</h1>
          <p className="mt-1 text-slate-700 dark:text-slate-300">
            Rezervasyonları arayın, filtreleyin, onaylayın veya reddedin.
          </p>
        </div>
        <div className="flex flex-wrap items-center gap-2">
          <Button onPress={() => setCreating(true)} data-new-booking>
            <CalendarPlusIcon className="h-4 w-4" />
            Yeni Rezervasyon
          </Button>
          <ExportMenu />
        </div>
      </header>

      <BookingCounts counts={counts} />
      <FilterBar />

      <Tabs
        selectedKey={filters.tab}
        onSelectionChange={(key: Key) => setBookingTab(String(key) as BookingTab)}
        keyboardActivation="manual"
      >
        <TabList aria-label="Rezervasyon durumu" variant="pills">
          {BOOKING_TABS.map((t) => (
            <Tab key={t.id} id={t.id}>
              {t.label}
              <span className="rounded-full bg-slate-100 px-2 py-0.5 text-xs tabular-nums text-slate-800 group-data-selected:bg-white group-data-selected:text-turf-900 dark:bg-slate-800 dark:text-slate-100 dark:group-data-selected:bg-white dark:group-data-selected:text-turf-900">
                {counts ? counts[t.id] : '–'}
              </span>
            </Tab>
          ))}
        </TabList>
        {BOOKING_TABS.map((t) => (
          <TabPanel key={t.id} id={t.id} className="mt-4 space-y-4">
            <ListState
              busy={status === 'loading'}
              error={status === 'error' ? LIST_FAILED : null}
              onRetry={() => void loadBookings()}
              loading={status === 'loading' && items.length === 0 ? 'Rezervasyonlar yükleniyor...' : null}
              empty={items.length === 0 && 'Rezervasyon bulunamadı'}
            >
              {narrow ? (
                <BookingCards items={items} onOpen={(b) => setSelected(b.documentId)} />
              ) : (
                <BookingTable items={items} onOpen={(b) => setSelected(b.documentId)} />
              )}
            </ListState>
            {status !== 'error' && pagination && pagination.total > 0 && (
              <Pager
                page={filters.page}
                pageCount={pagination.pageCount}
                total={pagination.total}
                noun="rezervasyon"
                narrow={narrow}
                onPage={(n) => void setBookingPage(n)}
              />
            )}
          </TabPanel>
        ))}
      </Tabs>

      <NewBookingDialog
        prefill={creating ? {} : null}
        onClose={() => setCreating(false)}
        onCreated={() => void refreshBookings()}
      />
      <BookingDetailDialog
        documentId={selected}
        onClose={() => {
          setSelected(null);
          forgetLinkedBooking();
        }}
        onChanged={() => void refreshBookings()}
      />
    </div>
  );
}
