import { useStore } from '@nanostores/react';
import { type ReactNode, useEffect, useState } from 'react';
import type { DaySheetWire } from '../../../contracts/day-sheet';
import { DaySheetSections, SHEET_FAILED } from '../components/panel/day/DaySheetView';
import { BookingDetailDialog, preloadOnTouch } from '../components/panel/lazy-dialogs';
import { Button } from '../components/ui/Button';
import {
  AlertIcon,
  ArrowRightIcon,
  CalendarIcon,
  ClockIcon,
  GridIcon,
  ListIcon,
  RefreshIcon,
  UserIcon,
  WalletIcon,
} from '../components/ui/icons';
import { client, unwrap } from '../lib/api';
import { istanbulToday, tl, trDateWithDay } from '../lib/format';
import { greeting } from '../lib/panel';
import {
  $dashboard,
  DASHBOARD_FAILED,
  type DashboardStats,
  followBookingEvents,
  loadDashboard,
} from '../stores/dashboard';

const card = 'rounded-xl border border-slate-200 bg-white shadow-sm dark:border-slate-800 dark:bg-slate-900';

/** The panel's home (behaviour.md#management-panel 'Dashboard'): greeting, the four stat cards, today's matches and quick links. */
export default function Dashboard({ name, now: renderedAt }: { name: string; now?: number }) {
  const state = useStore($dashboard);
  const [selected, setSelected] = useState<string | null>(null);
  // The date and the greeting are first drawn from the instant the server rendered the page, so hydration agrees with
  // it across midnight, noon or 18:00; then from the browser's clock.
  const [now, setNow] = useState(() => renderedAt ?? Date.now());
  useEffect(() => setNow(Date.now()), []);
  const today = istanbulToday(now);

  useEffect(() => {
    void loadDashboard();
    // A new booking or a decision made elsewhere arrives over the staff hub.
    return followBookingEvents(() => void loadDashboard());
  }, []);

  return (
    <div className="space-y-6 lg:space-y-8" {...preloadOnTouch}>
      <section className="relative overflow-hidden rounded-2xl bg-gradient-to-br from-turf-800 to-turf-950 px-5 py-6 text-white shadow-sm sm:px-8 sm:py-8">
        <FieldLines />
        <p className="relative text-sm font-medium text-turf-100">{trDateWithDay(today)}</p>
        <h1 className="relative mt-1 text-2xl font-bold tracking-tight sm:text-3xl">
          {greeting(now)}, {name}
        </h1>
        <p className="relative mt-2 max-w-xl text-sm text-turf-50 sm:text-base">
          Bugünün maçlarına ve onay bekleyen taleplere buradan göz atabilirsiniz.
        </p>
      </section>

      {state.status === 'error' ? (
        <div role="alert" className={`${card} flex flex-col items-center gap-3 px-6 py-10 text-center`}>
          <span className="flex h-12 w-12 items-center justify-center rounded-full bg-red-50 text-red-700 dark:bg-red-950 dark:text-red-300">
            <AlertIcon className="h-6 w-6" />
          </span>
          <p className="text-lg font-semibold">{DASHBOARD_FAILED}</p>
          {state.message !== DASHBOARD_FAILED && (
            <p className="text-sm text-slate-600 dark:text-slate-300">{state.message}</p>
          )}
          <Button variant="secondary" onPress={() => void loadDashboard()} className="mt-2">
            <RefreshIcon /> Tekrar Dene
          </Button>
        </div>
      ) : state.status === 'loading' ? (
        <Skeleton />
      ) : (
        <>
          <Stats stats={state.stats} />
          <div className="grid grid-cols-1 gap-6 lg:grid-cols-3 [&>*]:min-w-0">
            <TodayMatches stats={state.stats} refreshing={state.refreshing} onOpen={setSelected} />
            <QuickLinks pending={state.stats.pending} />
          </div>
        </>
      )}

      <BookingDetailDialog
        documentId={selected}
        onClose={() => setSelected(null)}
        onChanged={() => void loadDashboard()}
      />
    </div>
  );
}

// ---------- stat cards ----------

function Stats({ stats }: { stats: DashboardStats }) {
  return (
    <section aria-labelledby="dashboard-stats">
      <h2 id="dashboard-stats" className="sr-only">
        Özet
      </h2>
      <dl className="grid grid-cols-1 gap-4 min-[420px]:grid-cols-2 xl:grid-cols-4">
        <StatCard
          stat="today"
          label="Bugün"
          value={stats.today.total}
          icon={<CalendarIcon className="h-5 w-5" />}
          tone="turf"
          note={`${stats.today.pending} bekleyen · ${stats.today.approved} onaylı`}
        />
        <StatCard
          stat="pending"
          label="Bekleyen"
          value={stats.pending}
          icon={<ClockIcon className="h-5 w-5" />}
          tone="amber"
          note="Onayınızı bekleyen rezervasyonlar"
        />
        <StatCard
          stat="total"
          label="Toplam"
          value={stats.total}
          icon={<ListIcon className="h-5 w-5" />}
          tone="sky"
          note={`Bu ay ${stats.monthly.total} rezervasyon`}
        />
        <StatCard
          stat="revenue"
          label="Gelir (bu ay)"
          value={tl(stats.monthly.revenue)}
          icon={<WalletIcon className="h-5 w-5" />}
          tone="violet"
          note={
            <>
              <span className="block">Planlanan (onaylı rezervasyonların tutarı)</span>
              <span className="block font-medium text-slate-800 dark:text-slate-100" data-stat="collected">
                Tahsil edilen {tl(stats.collected.month)}
              </span>
            </>
          }
        />
      </dl>
    </section>
  );
}

const tones = {
  turf: 'bg-turf-50 text-turf-800 dark:bg-turf-950 dark:text-turf-300',
  amber: 'bg-amber-50 text-amber-800 dark:bg-amber-950 dark:text-amber-300',
  sky: 'bg-sky-50 text-sky-800 dark:bg-sky-950 dark:text-sky-300',
  violet: 'bg-violet-50 text-violet-800 dark:bg-violet-950 dark:text-violet-300',
};

function StatCard({
  stat,
  label,
  value,
  note,
  icon,
  tone,
}: {
  stat: 'today' | 'pending' | 'total' | 'revenue';
  label: string;
  value: ReactNode;
  note: ReactNode;
  icon: ReactNode;
  tone: keyof typeof tones;
}) {
  return (
    <div className={`${card} p-5`}>
      <dt className="flex items-center justify-between gap-3 text-sm font-medium text-slate-600 dark:text-slate-300">
        {label}
        <span className={`flex h-10 w-10 shrink-0 items-center justify-center rounded-lg ${tones[tone]}`}>{icon}</span>
      </dt>
      <dd
        data-stat={stat}
        className="-mt-2 truncate text-3xl font-bold tracking-tight tabular-nums text-slate-900 dark:text-white"
      >
        {value}
      </dd>
      <dd className="mt-1 text-sm text-slate-600 dark:text-slate-300">{note}</dd>
    </div>
  );
}

// ---------- today's matches ----------

/** How many of today's matches the dashboard lists; Bugün has them all. */
export const TODAY_ROWS = 8;

/** Today's match sheet, compact: the first matches of the day per pitch, re-read with the figures (behaviour.md#management-panel 'Dashboard'). */
function TodayMatches({
  stats,
  refreshing,
  onOpen,
}: {
  stats: DashboardStats;
  refreshing: boolean;
  onOpen: (id: string) => void;
}) {
  const [sheet, setSheet] = useState<DaySheetWire | null>(null);
  const [failed, setFailed] = useState(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: read again whenever the figures were (a booking changed)
  useEffect(() => {
    let live = true;
    unwrap(client.api.bookings['day-sheet'].$get({ query: {} }))
      .then((s) => {
        if (!live) return;
        setSheet(s as DaySheetWire);
        setFailed(false);
      })
      .catch(() => live && setFailed(true));
    return () => {
      live = false;
    };
  }, [stats]);
  const total = sheet?.sections.reduce((n, s) => n + s.bookings.length, 0) ?? 0;
  let left = TODAY_ROWS;
  const shown = (sheet?.sections ?? [])
    .map((s) => {
      const bookings = s.bookings.slice(0, Math.max(0, left));
      left -= bookings.length;
      return { ...s, bookings };
    })
    .filter((s) => s.bookings.length > 0);
  return (
    <section aria-labelledby="dashboard-today" aria-busy={refreshing || !sheet} className="min-w-0 lg:col-span-2">
      <div className="flex items-center justify-between gap-3 pb-3">
        <h2 id="dashboard-today" className="text-base font-semibold">
          Bugünün Maçları
        </h2>
        <a
          href="/yonetim/bugun"
          className="rounded text-sm font-semibold text-turf-800 hover:text-turf-900 hover:underline dark:text-turf-300 dark:hover:text-turf-200"
        >
          {total > TODAY_ROWS ? `Tümünü Gör (${total})` : 'Maç listesi'}
        </a>
      </div>
      {failed ? (
        <p role="alert" className={`${card} px-5 py-10 text-center text-sm text-red-800 dark:text-red-200`}>
          {SHEET_FAILED}
        </p>
      ) : !sheet ? (
        <p role="status" className={`${card} px-5 py-10 text-center text-sm text-slate-600 dark:text-slate-300`}>
          Maç listesi yükleniyor...
        </p>
      ) : shown.length === 0 ? (
        <p className={`${card} px-5 py-10 text-center text-sm text-slate-600 dark:text-slate-300`}>
          Bugün için rezervasyon yok
        </p>
      ) : (
        <DaySheetSections sections={shown} compact onOpen={onOpen} />
      )}
    </section>
  );
}

// ---------- quick links ----------

const LINKS = [
  {
    href: '/yonetim/rezervasyonlar',
    title: 'Rezervasyonlar',
    text: 'Talepleri onaylayın veya reddedin',
    icon: ListIcon,
  },
  { href: '/yonetim/sahalar', title: 'Sahalar', text: 'Sahaları ve saat slotlarını düzenleyin', icon: GridIcon },
  {
    href: '/yonetim/musteriler',
    title: 'Müşteriler',
    text: 'Müşteri geçmişini ve istatistiklerini inceleyin',
    icon: UserIcon,
  },
  {
    // The customers screen reads warningsOnly from the address (behaviour.md#management-panel): straight to the subscribers who keep cancelling.
    href: '/yonetim/musteriler?warningsOnly=true',
    title: 'Uyarılı Müşteriler',
    text: 'Üst üste iptal eden aboneleri görün',
    icon: AlertIcon,
  },
] as const;

function QuickLinks({ pending }: { pending: number }) {
  return (
    <section aria-labelledby="dashboard-links" className={`${card} min-w-0 p-5`}>
      <h2 id="dashboard-links" className="text-base font-semibold">
        Hızlı Erişim
      </h2>
      <ul className="mt-4 space-y-2">
        {LINKS.map(({ href, title, text, icon: Icon }) => (
          <li key={href}>
            <a
              href={href}
              className="group flex items-center gap-3 rounded-lg border border-slate-200 p-3 transition-colors hover:border-turf-300 hover:bg-turf-50 dark:border-slate-800 dark:hover:border-turf-800 dark:hover:bg-turf-950"
            >
              <span className="flex h-10 w-10 shrink-0 items-center justify-center rounded-lg bg-slate-100 text-slate-700 group-hover:bg-white group-hover:text-turf-800 dark:bg-slate-800 dark:text-slate-200 dark:group-hover:bg-slate-900 dark:group-hover:text-turf-300">
                <Icon className="h-5 w-5" />
              </span>
              <span className="min-w-0 flex-1">
                {/* Wraps under the title in a narrow column instead of running into the arrow (1280 px). */}
                <span className="flex flex-wrap items-center gap-x-2 gap-y-1 font-semibold text-slate-900 dark:text-white">
                  {title}
                  {href === '/yonetim/rezervasyonlar' && pending > 0 && (
                    <span className="whitespace-nowrap rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900 dark:bg-amber-900 dark:text-amber-50">
                      {pending} bekleyen
                    </span>
                  )}
                </span>
                <span className="block text-sm text-slate-600 dark:text-slate-300">{text}</span>
              </span>
              <ArrowRightIcon
                data-quick-arrow
                className="h-4 w-4 text-slate-500 transition-transform group-hover:translate-x-0.5 motion-reduce:transition-none dark:text-slate-400"
              />
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}

// ---------- loading ----------

function Skeleton() {
  const block = 'animate-pulse bg-slate-200 motion-reduce:animate-none dark:bg-slate-800';
  return (
    <div>
      <p role="status" className="sr-only">
        Veriler yükleniyor...
      </p>
      <div aria-hidden="true" className="space-y-6 lg:space-y-8">
        <div className="grid grid-cols-1 gap-4 min-[420px]:grid-cols-2 xl:grid-cols-4">
          {[0, 1, 2, 3].map((i) => (
            <div key={i} className={`${card} space-y-3 p-5`}>
              <div className={`${block} h-4 w-20 rounded-md`} />
              <div className={`${block} h-8 w-16 rounded-md`} />
              <div className={`${block} h-4 w-32 rounded-md`} />
            </div>
          ))}
        </div>
        <div className="grid gap-6 lg:grid-cols-3">
          <div className={`${card} space-y-4 p-5 lg:col-span-2`}>
            {[0, 1, 2, 3, 4].map((i) => (
              <div key={i} className="flex items-center gap-4">
                <div className={`${block} h-10 w-10 rounded-full`} />
                <div className="flex-1 space-y-2">
                  <div className={`${block} h-4 w-1/3 rounded-md`} />
                  <div className={`${block} h-3 w-1/2 rounded-md`} />
                </div>
                <div className={`${block} h-6 w-20 rounded-full`} />
              </div>
            ))}
          </div>
          <div className={`${card} space-y-3 p-5`}>
            {[0, 1, 2].map((i) => (
              <div key={i} className={`${block} h-16 w-full rounded-lg`} />
            ))}
          </div>
        </div>
      </div>
    </div>
  );
}

/** Faint pitch markings behind the greeting; decorative. */
function FieldLines() {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 400 200"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      className="pointer-events-none absolute -right-16 -top-6 h-56 w-[28rem] text-white/10"
    >
      <rect x="10" y="10" width="380" height="180" rx="4" />
      <path d="M200 10v180" />
      <circle cx="200" cy="100" r="40" />
      <rect x="10" y="55" width="50" height="90" />
      <rect x="340" y="55" width="50" height="90" />
    </svg>
  );
}
