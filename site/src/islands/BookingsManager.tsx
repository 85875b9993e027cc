import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { BookingDetailDialog } from '../components/panel/BookingDetailDialog';
import { BookingCounts } from '../components/panel/bookings/BookingCounts';
import { BookingCards, BookingTable } from '../components/panel/bookings/BookingList';
import { ExportMenu } from '../components/panel/bookings/ExportMenu';
import { FilterBar } from '../components/panel/bookings/FilterBar';
import { Pager } from '../components/panel/Pager';
import { Button } from '../components/ui/Button';
import { AlertIcon, RefreshIcon } from '../components/ui/icons';
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

/** Bookings management (02 §2): tabs with counts, search, filters, table or cards, pager and the detail dialog. */
export default function BookingsManager() {
  const filters = useStore($bookingFilters);
  const items = useStore($bookingItems);
  const meta = useStore($bookingMeta);
  const status = useStore($bookingStatus);
  const narrow = useStore($narrow);
  const [selected, setSelected] = useState<string | null>(null);

  useEffect(() => {
    const stop = startBookings();
    // New bookings and decisions made elsewhere refresh the page and the tab counts (issue 7 §3).
    const unfollow = followBookingEvents(() => void refreshBookings());
    return () => {
      unfollow();
      stop();
    };
  }, []);

  const counts = meta?.counts ?? null;
  const pagination = meta?.pagination;

  return (
    <div className="space-y-5">
      <header className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl dark:text-slate-100">Rezervasyon Yönetimi</h1>
          <p className="mt-1 text-slate-700 dark:text-slate-300">
            Rezervasyonları arayın, filtreleyin, onaylayın veya reddedin.
          </p>
        </div>
        <ExportMenu />
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
            <div
              aria-busy={status === 'loading'}
              className={status === 'loading' && items.length > 0 ? 'opacity-60 transition-opacity' : undefined}
            >
              {status === 'error' ? (
                <div
                  role="alert"
                  className="flex flex-col items-center gap-3 rounded-2xl border border-red-300 bg-red-50 p-8 text-center text-red-900 dark:border-red-800 dark:bg-red-950 dark:text-red-100"
                >
                  <AlertIcon className="h-6 w-6" />
                  <p className="font-semibold">{LIST_FAILED}</p>
                  <Button variant="secondary" onPress={() => void loadBookings()}>
                    <RefreshIcon /> Tekrar Dene
                  </Button>
                </div>
              ) : status === 'loading' && items.length === 0 ? (
                <p
                  role="status"
                  className="flex items-center justify-center gap-3 py-16 text-slate-700 dark:text-slate-300"
                >
                  <span
                    aria-hidden="true"
                    className="h-5 w-5 animate-spin rounded-full border-2 border-slate-300 border-t-turf-700 motion-reduce:animate-none dark:border-slate-600 dark:border-t-turf-400"
                  />
                  Rezervasyonlar yükleniyor...
                </p>
              ) : items.length === 0 ? (
                <p className="rounded-2xl border border-dashed border-slate-300 p-10 text-center text-slate-700 dark:border-slate-600 dark:text-slate-300">
                  Rezervasyon bulunamadı
                </p>
              ) : narrow ? (
                <BookingCards items={items} onOpen={(b) => setSelected(b.documentId)} />
              ) : (
                <BookingTable items={items} onOpen={(b) => setSelected(b.documentId)} />
              )}
            </div>
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

      <BookingDetailDialog
        documentId={selected}
        onClose={() => setSelected(null)}
        onChanged={() => void refreshBookings()}
      />
    </div>
  );
}
