import { useMemo } from 'react';
import { BOOKING_STATUSES } from '../../../../../contracts/booking-statuses';
import { istanbulToday } from '../../../../../contracts/dates';
import type { ReportWire } from '../../../../../contracts/reports';
import { customerPhoneText } from '../../../lib/export/customer-reports';
import { REASON_STATUS_LABELS, serviceRows, subscriberRows } from '../../../lib/export/reports';
import { STATUS_LABELS } from '../../../lib/tracking';
import { type Column, Table, table } from '../../ui/Table';
import { BarChart, CHART_COLORS } from './BarChart';
import { bucketLabel, dotted, heatGrid, money, percent, WEEKDAY_NAMES } from './model';
import { Empty, ReportCard } from './ReportCard';

type P = { report: ReportWire };
type Figures = ReportWire['revenue']['total'];

/** The classes of the cells written by hand (the total row, the heatmap's rows). */
const { cell, row: rowClass } = table({ look: 'report' });
const REVENUE_FIGURES: Column<Figures>[] = [
  { label: 'Rezervasyon', numeric: true, cell: (f) => f.bookings },
  { label: 'Kapora', numeric: true, cell: (f) => money(f.deposits) },
  { label: 'Kalan', numeric: true, cell: (f) => money(f.rest) },
  { label: 'Planlanan gelir', numeric: true, cell: (f) => money(f.revenue) },
];
const NAMED_FIGURE: Column<readonly [string, number]>[] = [
  { label: 'Ad', rowHeader: true, cell: ([name]) => name },
  { label: 'Tutar', numeric: true, cell: ([, value]) => money(value) },
];
const range = (r: ReportWire) => `${dotted(r.from)} – ${dotted(r.to)}`;
const dash = (
  <>
    <span aria-hidden="true">—</span>
    <span className="sr-only">Yok</span>
  </>
);

/** 1) Gelir (planlanan): approved bookings' totals per day, week or month, deposit against the rest, and what they are made of; collected money is Gün Sonu's. */
export function RevenueReport({ report }: P) {
  const { buckets, total } = report.revenue;
  const labels = useMemo(() => buckets.map((b) => bucketLabel(b.start, report.bucket)), [buckets, report.bucket]);
  const series = useMemo(
    () => [
      { label: 'Kapora', data: buckets.map((b) => b.deposits), color: CHART_COLORS.green },
      { label: 'Kalan', data: buckets.map((b) => b.rest), color: CHART_COLORS.blue },
    ],
    [buckets],
  );
  return (
    <ReportCard
      id="rapor-gelir"
      title="Gelir (planlanan)"
      report={report}
      exports={['gelir']}
      description={
        <>
          Planlanan gelir: onaylanmış rezervasyonların tutarı (saha, servis ve ek hizmetler), içindeki kapora ve sahada
          ödenecek kalan. Tahsil edilen para ödeme kayıtlarından sayılır: günlük olarak Gün Sonu ekranında.
          {report.to >= istanbulToday() && (
            <span data-planned-note>
              {' '}
              Aralık bugünü ve sonrasını da kapsıyor: henüz oynanmamış maçların tutarı planlanandır, tahsil edilmedi.
            </span>
          )}
        </>
      }
      empty={buckets.length === 0}
    >
      <BarChart labels={labels} series={series} stacked money label="Gelir grafiği" />
      <Table
        scrollLabel="Gelir tablosu, yatay kaydırılabilir"
        look="report"
        className="min-w-[36rem]"
        data-revenue-table
        caption={`Dönemlere göre gelir, ${range(report)}`}
        columns={[
          { label: 'Dönem', rowHeader: true, cell: (b) => bucketLabel(b.start, report.bucket) },
          ...REVENUE_FIGURES,
        ]}
        rows={buckets}
        rowKey={(b) => b.start}
        rowProps={(b) => ({ 'data-bucket': b.start })}
        foot={
          <tr className="border-t-2 border-slate-400 font-bold dark:border-slate-500" data-revenue-total>
            <th scope="row" className={cell({ rowHeader: true })}>
              Toplam
            </th>
            {REVENUE_FIGURES.map((c) => (
              <td key={String(c.label)} className={cell({ numeric: true, className: 'font-bold' })}>
                {c.cell?.(total, 0)}
              </td>
            ))}
          </tr>
        }
      />
      <Table
        scrollLabel="Gelirin kaynakları tablosu"
        look="report"
        className="max-w-md"
        data-revenue-sources
        caption="Gelirin kaynakları"
        headless
        columns={NAMED_FIGURE}
        rows={[
          ['Saha ücreti', total.slot],
          ['Servis', total.shuttle],
          ['Ek hizmetler', total.addons],
          ['Toplam', total.revenue],
        ]}
        rowKey={([name]) => name}
      />
    </ReportCard>
  );
}

/**
 * The heatmap's tints, light and dark, each with a text colour of at least 4.5:1 on it (green-50…700 with green-950 or
 * white; green-950…500 with green-50, white or green-950).
 */
const HEAT = [
  'bg-white text-slate-800 dark:bg-slate-900 dark:text-slate-200',
  'bg-turf-50 text-turf-950 dark:bg-turf-950 dark:text-turf-50',
  'bg-turf-200 text-turf-950 dark:bg-turf-900 dark:text-turf-50',
  'bg-turf-400 text-turf-950 dark:bg-turf-700 dark:text-white',
  'bg-turf-700 text-white dark:bg-turf-500 dark:text-turf-950',
] as const;
const LEGEND = ['%0', '%25’e kadar', '%25–50', '%50–75', '%75 ve üzeri'];

/** 2) Doluluk: the share of generated slots holding an approved booking, weekday × hour, as a tinted table. */
export function OccupancyReport({ report }: P) {
  const grid = useMemo(() => heatGrid(report.occupancy.cells), [report.occupancy.cells]);
  const { generated, booked } = report.occupancy;
  return (
    <ReportCard
      id="rapor-doluluk"
      title="Doluluk"
      report={report}
      exports={['doluluk']}
      description="Oluşturulan slotların ne kadarının onaylı bir rezervasyonla dolduğu, haftanın günü ve saate göre."
      empty={generated === 0}
    >
      <p className="text-sm text-slate-800 dark:text-slate-200" data-occupancy-total>
        Toplam: <strong>{booked}</strong> / {generated} slot dolu (<strong>{percent(booked, generated)}</strong>)
      </p>
      <ul className="flex flex-wrap gap-2 text-xs" aria-label="Renk açıklaması">
        {LEGEND.map((l, i) => (
          <li key={l} className={`rounded-md border border-slate-300 px-2 py-1 dark:border-slate-600 ${HEAT[i]}`}>
            {l}
          </li>
        ))}
      </ul>
      <Table
        scrollLabel="Doluluk tablosu, yatay kaydırılabilir"
        look="report"
        className="min-w-[40rem]"
        data-occupancy-table
        caption={`Gün ve saate göre doluluk oranı, ${range(report)}`}
        columns={[{ label: 'Saat' }, ...WEEKDAY_NAMES.map((d) => ({ label: d, headClassName: 'text-center' }))]}
      >
        {grid.rows.map((row, i) => (
          <tr key={grid.hours[i]} className={rowClass()}>
            <th scope="row" className={cell({ rowHeader: true, className: 'tabular-nums' })}>
              {grid.hours[i]}
              {grid.night[i] && (
                <span className="block text-xs font-normal text-slate-600 dark:text-slate-300">ertesi gün</span>
              )}
            </th>
            {row.map((c) => (
              <td
                key={c.weekday}
                className={`border border-slate-200 p-2 text-center tabular-nums dark:border-slate-700 ${HEAT[c.level]}`}
                data-weekday={c.weekday}
                data-hour={c.hour}
                data-share={c.share ?? undefined}
                title={c.generated > 0 ? `${c.booked} / ${c.generated} slot` : undefined}
              >
                {c.share === null ? dash : percent(c.booked, c.generated)}
                {c.generated > 0 && <span className="sr-only">{`, ${c.booked} / ${c.generated} slot`}</span>}
              </td>
            ))}
          </tr>
        ))}
      </Table>
    </ReportCard>
  );
}

const STATUS_COLORS = {
  pending: CHART_COLORS.blue,
  approved: CHART_COLORS.green,
  rejected: CHART_COLORS.red,
  cancelled: CHART_COLORS.orange,
  expired: CHART_COLORS.slate,
} as const;

/** 3) İptaller ve redler: every booking of the range by status, and the reasons given. */
export function StatusReport({ report }: P) {
  const all = BOOKING_STATUSES.reduce((s, k) => s + report.statuses[k], 0);
  const labels = useMemo(() => BOOKING_STATUSES.map((s) => STATUS_LABELS[s]), []);
  const series = useMemo(
    () => [
      {
        label: 'Rezervasyon',
        data: BOOKING_STATUSES.map((s) => report.statuses[s]),
        color: BOOKING_STATUSES.map((s) => STATUS_COLORS[s]),
      },
    ],
    [report.statuses],
  );
  return (
    <ReportCard
      id="rapor-iptaller"
      title="İptaller ve redler"
      report={report}
      exports={['durumlar', 'iptal-sebepleri']}
      description="Aralıktaki bütün rezervasyonların durumu ve iptal ile red için yazılan sebepler."
      empty={all === 0}
    >
      <BarChart labels={labels} series={series} horizontal className="h-48" label="Durum grafiği" />
      <Table
        scrollLabel="Durum tablosu"
        look="report"
        className="max-w-md"
        data-status-table
        caption="Durumlara göre rezervasyonlar"
        columns={[
          { label: 'Durum', rowHeader: true, cell: (s) => STATUS_LABELS[s] },
          { label: 'Rezervasyon', numeric: true, cell: (s) => report.statuses[s] },
          { label: 'Pay', numeric: true, cell: (s) => percent(report.statuses[s], all) },
        ]}
        rows={BOOKING_STATUSES}
        rowKey={(s) => s}
        rowProps={(s) => ({ 'data-status': s })}
      />
      {report.reasons.length === 0 ? (
        <Empty>Bu aralıkta iptal ya da red sebebi yok</Empty>
      ) : (
        <Table
          scrollLabel="Sebep tablosu, yatay kaydırılabilir"
          look="report"
          className="min-w-[24rem]"
          data-reason-table
          caption="İptal ve red sebepleri"
          columns={[
            { label: 'Tür', cell: (r) => REASON_STATUS_LABELS[r.status] },
            {
              label: 'Sebep',
              rowHeader: true,
              className: 'font-normal [overflow-wrap:anywhere]',
              cell: (r) => r.reason,
            },
            { label: 'Sayı', numeric: true, cell: (r) => r.count },
          ]}
          rows={report.reasons}
          rowKey={(r) => `${r.status}|${r.reason}`}
        />
      )}
    </ReportCard>
  );
}

/** 4) Abonelerin payı: subscribers' approved bookings and revenue against everyone's. */
export function SubscriberReport({ report }: P) {
  const rows = subscriberRows(report);
  const labels = useMemo(() => ['Rezervasyon', 'Gelir'], []);
  const s = report.subscribers;
  const series = useMemo(
    () => [
      {
        label: 'Aboneler (%)',
        data: [(s.bookings / (s.allBookings || 1)) * 100, (s.revenue / (s.allRevenue || 1)) * 100],
        color: CHART_COLORS.green,
      },
      {
        label: 'Diğer müşteriler (%)',
        data: [
          ((s.allBookings - s.bookings) / (s.allBookings || 1)) * 100,
          ((s.allRevenue - s.revenue) / (s.allRevenue || 1)) * 100,
        ],
        color: CHART_COLORS.blue,
      },
    ],
    [s],
  );
  return (
    <ReportCard
      id="rapor-aboneler"
      title="Abonelerin payı"
      report={report}
      exports={['aboneler']}
      description="Onaylanmış rezervasyonlar ve gelir içinde abonelerin payı."
      empty={rows.length === 0}
    >
      <BarChart labels={labels} series={series} stacked horizontal className="h-40" label="Abone payı grafiği" />
      <Table
        scrollLabel="Abone tablosu, yatay kaydırılabilir"
        look="report"
        className="min-w-[30rem]"
        data-subscriber-table
        caption="Abonelerin ve diğer müşterilerin payı"
        columns={[
          { label: 'Grup', rowHeader: true, cell: (r) => r.group },
          { label: 'Rezervasyon', numeric: true, cell: (r) => r.bookings },
          { label: 'Pay', numeric: true, cell: (r) => percent(r.bookings, r.allBookings) },
          { label: 'Gelir', numeric: true, cell: (r) => money(r.revenue) },
          { label: 'Pay', numeric: true, cell: (r) => percent(r.revenue, r.allRevenue) ?? dash },
        ]}
        rows={rows}
        rowKey={(r) => r.group}
      />
    </ReportCard>
  );
}

/** 5) Servis ve ek hizmetler: what the shuttle and each add-on brought in. */
export function ServiceReport({ report }: P) {
  const rows = useMemo(() => serviceRows(report), [report]);
  const labels = useMemo(() => rows.map((r) => r.name), [rows]);
  const series = useMemo(
    () => [{ label: 'Gelir', data: rows.map((r) => r.revenue), color: CHART_COLORS.orange }],
    [rows],
  );
  return (
    <ReportCard
      id="rapor-servis"
      title="Servis ve ek hizmetler"
      report={report}
      exports={['servis-ek-hizmetler']}
      description="Onaylanmış rezervasyonlarda servis ve ek hizmetlerden gelen tutar."
      empty={rows.length === 0}
    >
      <BarChart labels={labels} series={series} horizontal money className="h-48" label="Hizmet geliri grafiği" />
      <Table
        scrollLabel="Hizmet tablosu, yatay kaydırılabilir"
        look="report"
        className="min-w-[28rem]"
        data-service-table
        caption="Hizmetlere göre gelir"
        columns={[
          { label: 'Hizmet', rowHeader: true, className: '[overflow-wrap:anywhere]', cell: (r) => r.name },
          { label: 'Rezervasyon', numeric: true, cell: (r) => r.bookings },
          { label: 'Adet', numeric: true, cell: (r) => r.quantity ?? dash },
          { label: 'Gelir', numeric: true, cell: (r) => money(r.revenue) },
        ]}
        rows={rows}
        rowKey={(r) => r.name}
      />
    </ReportCard>
  );
}

/** 6) En iyi müşteriler: the ten who brought the most revenue; an anonymised phone is never shown (KVKK). */
export function CustomerReport({ report }: P) {
  return (
    <ReportCard
      id="rapor-musteriler"
      title="En iyi müşteriler"
      report={report}
      exports={['musteriler']}
      description="Onaylanmış rezervasyonlarının tutarına göre ilk on müşteri."
      empty={report.topCustomers.length === 0}
    >
      <Table
        scrollLabel="Müşteri tablosu, yatay kaydırılabilir"
        look="report"
        className="min-w-[32rem]"
        data-customer-table
        caption="Gelire göre en iyi müşteriler"
        columns={[
          { label: 'Sıra', numeric: true, cell: (_, i) => i + 1 },
          { label: 'Ad Soyad', rowHeader: true, className: '[overflow-wrap:anywhere]', cell: (c) => c.name },
          {
            label: 'Telefon',
            className: 'whitespace-nowrap tabular-nums',
            cell: (c) => customerPhoneText(c.phone) ?? dash,
          },
          { label: 'Rezervasyon', numeric: true, cell: (c) => c.bookings },
          { label: 'Gelir', numeric: true, cell: (c) => money(c.revenue) },
        ]}
        rows={report.topCustomers}
        rowKey={(c) => `${c.phone}|${c.name}`}
      />
    </ReportCard>
  );
}
