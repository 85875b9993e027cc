import { useEffect, useState } from 'react';
import { REPORT_BUCKETS, type ReportWire } from '../../../contracts/reports';
import type { FacilityWire } from '../../../contracts/wire/facility';
import {
  BUCKET_LABELS,
  checkFilters,
  dotted,
  type FilterErrors,
  filtersFromSearch,
  isEmptyReport,
  money,
  percent,
  QUICK_RANGES,
  quickRange,
  type ReportFilters,
  searchOf,
} from '../components/panel/reports/model';
import { EMPTY_RANGE } from '../components/panel/reports/ReportCard';
import {
  CustomerReport,
  OccupancyReport,
  RevenueReport,
  ServiceReport,
  StatusReport,
  SubscriberReport,
} from '../components/panel/reports/Sections';
import { Button } from '../components/ui/Button';
import { IsoDatePicker } from '../components/ui/DatePicker';
import { ListEmpty, ListState } from '../components/ui/ListState';
import { Select } from '../components/ui/Select';
import { client, unwrap } from '../lib/api';
import { ApiRequestError } from '../lib/errors';
import { allStaffFacilities } from '../lib/staff-facilities';

const card = 'min-w-0 rounded-2xl border border-slate-200 bg-white p-4 sm:p-5 dark:border-slate-700 dark:bg-slate-900';
export const LOAD_FAILED = 'Raporlar yüklenemedi';
const BUCKET_OPTIONS = REPORT_BUCKETS.map((b) => ({ value: b, label: BUCKET_LABELS[b] }));
/** Long enough for chart.js to draw the charts of a fresh answer before the print dialog freezes the page. */
const PRINT_DELAY_MS = 600;

type Status = 'loading' | 'idle' | 'error' | 'invalid';

/**
 * Raporlar (admin only): one date range, pitch and grouping, kept in the address so a report can be linked
 * and reloaded, checked with the server's own schema before asking; then every report as a card with its chart and
 * table, each exportable as CSV and Excel, and the page printable (the monthly summary is this month, by day, printed).
 */
export default function ReportsManager() {
  // The address is read after hydration: the server renders no filters, so nothing differs between the two renders.
  const [filters, setFilters] = useState<ReportFilters | null>(null);
  const [facilities, setFacilities] = useState<FacilityWire[] | null>(null);
  const [report, setReport] = useState<ReportWire | null>(null);
  const [status, setStatus] = useState<Status>('loading');
  const [errors, setErrors] = useState<FilterErrors>({});
  const [failure, setFailure] = useState('');
  const [attempt, setAttempt] = useState(0);
  const [printWhenReady, setPrintWhenReady] = useState(false);

  useEffect(() => {
    setFilters(filtersFromSearch(location.search));
    allStaffFacilities()
      .then(setFacilities)
      .catch(() => setFacilities([]));
  }, []);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` is the retry button asking again for the same filters
  useEffect(() => {
    if (!filters) return;
    const url = new URL(location.href);
    url.search = searchOf(filters);
    history.replaceState(history.state, '', url);
    const checked = checkFilters(filters);
    if ('errors' in checked) {
      setErrors(checked.errors);
      setStatus('invalid');
      return;
    }
    setErrors({});
    let live = true;
    setStatus('loading');
    unwrap(client.api.reports.$get({ query: checked.query }))
      .then((data) => {
        if (!live) return;
        setReport(data as ReportWire);
        setStatus('idle');
      })
      .catch((e) => {
        if (!live) return;
        setFailure(e instanceof ApiRequestError && e.message ? e.message : LOAD_FAILED);
        setStatus('error');
      });
    return () => {
      live = false;
    };
  }, [filters, attempt]);

  // Paper is light: the dark theme steps aside while printing (charts redraw on the class change) and comes back after.
  useEffect(() => {
    const root = document.documentElement;
    let wasDark = false;
    const before = () => {
      wasDark = root.classList.contains('dark');
      root.classList.remove('dark');
    };
    const after = () => {
      if (wasDark) root.classList.add('dark');
    };
    window.addEventListener('beforeprint', before);
    window.addEventListener('afterprint', after);
    return () => {
      window.removeEventListener('beforeprint', before);
      window.removeEventListener('afterprint', after);
    };
  }, []);

  useEffect(() => {
    if (!printWhenReady || status !== 'idle') return;
    setPrintWhenReady(false);
    const t = setTimeout(() => window.print(), PRINT_DELAY_MS);
    return () => clearTimeout(t);
  }, [printWhenReady, status]);

  const set = (patch: Partial<ReportFilters>) => setFilters((f) => (f ? { ...f, ...patch } : f));
  const facilityOptions = [
    { value: '', label: 'Tüm sahalar' },
    ...(facilities ?? []).map((f) => ({ value: String(f.id), label: f.isActive ? f.name : `${f.name} (pasif)` })),
  ];
  const facilityName = report?.facility?.name ?? 'Tüm sahalar';

  return (
    <div className="min-w-0 space-y-5 print:space-y-3" data-reports>
      <header className="flex flex-wrap items-end justify-between gap-3">
        <div className="min-w-0">
          <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl dark:text-slate-100">Raporlar</h1>
          <p className="mt-1 text-slate-700 dark:text-slate-300 print:hidden">
            Gelir, doluluk, iptaller, aboneler, hizmetler ve en iyi müşteriler; seçtiğiniz tarih aralığı ve saha için.
          </p>
          {report && (
            <p
              className="mt-1 font-semibold [overflow-wrap:anywhere] text-slate-800 dark:text-slate-200"
              data-report-scope
            >
              {`${dotted(report.from)} – ${dotted(report.to)} · ${facilityName} · ${BUCKET_LABELS[report.bucket]}`}
            </p>
          )}
        </div>
        <div className="flex flex-wrap gap-2 print:hidden">
          <Button
            variant="secondary"
            isDisabled={!filters}
            onPress={() => {
              set({ ...quickRange('this-month'), grup: 'day' });
              setPrintWhenReady(true);
            }}
          >
            Aylık özet
          </Button>
          <Button variant="secondary" isDisabled={!report} onPress={() => window.print()}>
            Yazdır
          </Button>
        </div>
      </header>

      {filters && (
        <section aria-label="Rapor filtreleri" className={`${card} space-y-4 print:hidden`} data-report-filters>
          <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
            <IsoDatePicker
              label="Başlangıç tarihi"
              value={filters.from}
              onChange={(from) => set({ from })}
              errorMessage={errors.from ?? null}
              validationBehavior="aria"
            />
            <IsoDatePicker
              label="Bitiş tarihi"
              value={filters.to}
              onChange={(to) => set({ to })}
              errorMessage={errors.to ?? null}
              validationBehavior="aria"
            />
            <Select
              label="Saha"
              value={filters.saha}
              onChange={(saha) => set({ saha })}
              options={facilityOptions}
              isDisabled={!facilities}
              errorMessage={errors.saha ?? null}
            />
            <Select
              label="Gruplama"
              value={filters.grup}
              onChange={(grup) => set({ grup })}
              options={BUCKET_OPTIONS}
              errorMessage={errors.grup ?? null}
            />
          </div>
          <div className="flex flex-wrap gap-2" role="group" aria-label="Hızlı aralıklar">
            {QUICK_RANGES.map((q) => {
              const r = quickRange(q.id);
              const pressed = r.from === filters.from && r.to === filters.to;
              return (
                <Button
                  key={q.id}
                  size="sm"
                  variant={pressed ? 'primary' : 'secondary'}
                  aria-pressed={pressed}
                  onPress={() => set(r)}
                >
                  {q.label}
                </Button>
              );
            })}
          </div>
        </section>
      )}

      <ListState
        data-report-results
        busy={status === 'loading'}
        error={status === 'error' ? failure : null}
        onRetry={() => setAttempt((n) => n + 1)}
        notice={
          status === 'invalid' && (
            <p className={`${card} text-slate-800 dark:text-slate-200`}>
              Raporu görmek için filtrelerdeki hataları düzeltin.
            </p>
          )
        }
        loading={report ? null : 'Raporlar yükleniyor...'}
        empty={report && isEmptyReport(report) && <ListEmpty data-report-empty>{EMPTY_RANGE}</ListEmpty>}
      >
        {report && (
          <div className="space-y-5 print:space-y-3">
            <Summary report={report} />
            <RevenueReport report={report} />
            <OccupancyReport report={report} />
            <div className="grid min-w-0 gap-5 2xl:grid-cols-2 print:block print:space-y-3">
              <StatusReport report={report} />
              <SubscriberReport report={report} />
            </div>
            <div className="grid min-w-0 gap-5 2xl:grid-cols-2 print:block print:space-y-3">
              <ServiceReport report={report} />
              <CustomerReport report={report} />
            </div>
          </div>
        )}
      </ListState>
    </div>
  );
}

/** The range at a glance: revenue, approved bookings, occupancy, cancellations and rejections. */
function Summary({ report }: { report: ReportWire }) {
  const items = [
    { label: 'Gelir', value: money(report.revenue.total.revenue) },
    { label: 'Onaylı rezervasyon', value: String(report.revenue.total.bookings) },
    { label: 'Doluluk', value: percent(report.occupancy.booked, report.occupancy.generated) ?? '—' },
    { label: 'İptal ve red', value: String(report.statuses.cancelled + report.statuses.rejected) },
  ];
  return (
    <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4" data-report-summary>
      {items.map((i) => (
        <div key={i.label} className={`${card} print:p-2`}>
          <dt className="text-sm text-slate-700 dark:text-slate-300">{i.label}</dt>
          <dd className="mt-1 text-xl font-bold [overflow-wrap:anywhere] text-slate-900 tabular-nums dark:text-slate-100">
            {i.value}
          </dd>
        </div>
      ))}
    </dl>
  );
}
