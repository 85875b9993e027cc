import { useMemo } from 'react';
import { BOOKING_STATUSES } from '../../../../../contracts/booking-statuses';
import { istanbulToday } from '../../../../../contracts/dates';
import type { ReportWire } from '../../../../../contracts/reports';
import { customerPhoneText } from '../../../lib/export/customer-reports';
import { REASON_STATUS_LABELS, serviceRows, subscriberRows } from '../../../lib/export/reports';
import { STATUS_LABELS } from '../../../lib/tracking';
import { BarChart, CHART_COLORS } from './BarChart';
import { bucketLabel, dotted, heatGrid, money, percent, WEEKDAY_NAMES } from './model';
import { caption, Empty, ReportCard, TableRegion, td, tdNum, th, thNum, tr } from './ReportCard';

type P = { report: ReportWire };
const range = (r: ReportWire) => `${dotted(r.from)} – ${dotted(r.to)}`;
const dash = (
  <>
    <span aria-hidden="true">—</span>
    <span className="sr-only">Yok</span>
  </>
);

/** 1) Gelir: approved bookings' revenue per day, week or month, deposit against the rest, and what it is made of. */
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
      title="Gelir"
      report={report}
      exports={['gelir']}
      description={
        <>
          Onaylanmış rezervasyonların tutarı (saha, servis ve ek hizmetler), alınan kapora ve sahada ödenecek kalan.
          {report.to >= istanbulToday() && (
            <span data-planned-note>
              {' '}
              Aralık bugünü ve sonrasını da kapsıyor: henüz oynanmamış maçların tutarı planlanandır, tahsil edilmedi.
            </span>
          )}
        </>
      }
    >
      {buckets.length === 0 ? (
        <Empty />
      ) : (
        <>
          <BarChart labels={labels} series={series} stacked money label="Gelir grafiği" />
          <TableRegion label="Gelir tablosu, yatay kaydırılabilir">
            <table className="w-full min-w-[36rem] border-collapse text-sm" data-revenue-table>
              <caption className={caption}>{`Dönemlere göre gelir, ${range(report)}`}</caption>
              <thead>
                <tr>
                  <th scope="col" className={th}>
                    Dönem
                  </th>
                  <th scope="col" className={thNum}>
                    Rezervasyon
                  </th>
                  <th scope="col" className={thNum}>
                    Kapora
                  </th>
                  <th scope="col" className={thNum}>
                    Kalan
                  </th>
                  <th scope="col" className={thNum}>
                    Gelir
                  </th>
                </tr>
              </thead>
              <tbody>
                {buckets.map((b) => (
                  <tr key={b.start} className={tr} data-bucket={b.start}>
                    <th scope="row" className={th}>
                      {bucketLabel(b.start, report.bucket)}
                    </th>
                    <td className={tdNum}>{b.bookings}</td>
                    <td className={tdNum}>{money(b.deposits)}</td>
                    <td className={tdNum}>{money(b.rest)}</td>
                    <td className={tdNum}>{money(b.revenue)}</td>
                  </tr>
                ))}
              </tbody>
              <tfoot>
                <tr className="border-t-2 border-slate-400 font-bold dark:border-slate-500" data-revenue-total>
                  <th scope="row" className={th}>
                    Toplam
                  </th>
                  <td className={`${tdNum} font-bold`}>{total.bookings}</td>
                  <td className={`${tdNum} font-bold`}>{money(total.deposits)}</td>
                  <td className={`${tdNum} font-bold`}>{money(total.rest)}</td>
                  <td className={`${tdNum} font-bold`}>{money(total.revenue)}</td>
                </tr>
              </tfoot>
            </table>
          </TableRegion>
          <TableRegion label="Gelirin kaynakları tablosu">
            <table className="w-full max-w-md border-collapse text-sm" data-revenue-sources>
              <caption className={caption}>Gelirin kaynakları</caption>
              <tbody>
                {(
                  [
                    ['Saha ücreti', total.slot],
                    ['Servis', total.shuttle],
                    ['Ek hizmetler', total.addons],
                    ['Toplam', total.revenue],
                  ] as const
                ).map(([name, value]) => (
                  <tr key={name} className={tr}>
                    <th scope="row" className={th}>
                      {name}
                    </th>
                    <td className={tdNum}>{money(value)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableRegion>
        </>
      )}
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
    >
      {generated === 0 ? (
        <Empty />
      ) : (
        <>
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
          <TableRegion label="Doluluk tablosu, yatay kaydırılabilir">
            <table className="w-full min-w-[40rem] border-collapse text-sm" data-occupancy-table>
              <caption className={caption}>{`Gün ve saate göre doluluk oranı, ${range(report)}`}</caption>
              <thead>
                <tr>
                  <th scope="col" className={th}>
                    Saat
                  </th>
                  {WEEKDAY_NAMES.map((d) => (
                    <th key={d} scope="col" className={`${th} text-center`}>
                      {d}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {grid.rows.map((row, i) => (
                  <tr key={grid.hours[i]} className={tr}>
                    <th scope="row" className={`${th} tabular-nums`}>
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
              </tbody>
            </table>
          </TableRegion>
        </>
      )}
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
    >
      {all === 0 ? (
        <Empty />
      ) : (
        <>
          <BarChart labels={labels} series={series} horizontal className="h-48" label="Durum grafiği" />
          <TableRegion label="Durum tablosu">
            <table className="w-full max-w-md border-collapse text-sm" data-status-table>
              <caption className={caption}>Durumlara göre rezervasyonlar</caption>
              <thead>
                <tr>
                  <th scope="col" className={th}>
                    Durum
                  </th>
                  <th scope="col" className={thNum}>
                    Rezervasyon
                  </th>
                  <th scope="col" className={thNum}>
                    Pay
                  </th>
                </tr>
              </thead>
              <tbody>
                {BOOKING_STATUSES.map((s) => (
                  <tr key={s} className={tr} data-status={s}>
                    <th scope="row" className={th}>
                      {STATUS_LABELS[s]}
                    </th>
                    <td className={tdNum}>{report.statuses[s]}</td>
                    <td className={tdNum}>{percent(report.statuses[s], all)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableRegion>
          {report.reasons.length === 0 ? (
            <Empty>Bu aralıkta iptal ya da red sebebi yok</Empty>
          ) : (
            <TableRegion label="Sebep tablosu, yatay kaydırılabilir">
              <table className="w-full min-w-[24rem] border-collapse text-sm" data-reason-table>
                <caption className={caption}>İptal ve red sebepleri</caption>
                <thead>
                  <tr>
                    <th scope="col" className={th}>
                      Tür
                    </th>
                    <th scope="col" className={th}>
                      Sebep
                    </th>
                    <th scope="col" className={thNum}>
                      Sayı
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {report.reasons.map((r) => (
                    <tr key={`${r.status}|${r.reason}`} className={tr}>
                      <td className={td}>{REASON_STATUS_LABELS[r.status]}</td>
                      <th scope="row" className={`${th} font-normal [overflow-wrap:anywhere]`}>
                        {r.reason}
                      </th>
                      <td className={tdNum}>{r.count}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </TableRegion>
          )}
        </>
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
    >
      {rows.length === 0 ? (
        <Empty />
      ) : (
        <>
          <BarChart labels={labels} series={series} stacked horizontal className="h-40" label="Abone payı grafiği" />
          <TableRegion label="Abone tablosu, yatay kaydırılabilir">
            <table className="w-full min-w-[30rem] border-collapse text-sm" data-subscriber-table>
              <caption className={caption}>Abonelerin ve diğer müşterilerin payı</caption>
              <thead>
                <tr>
                  <th scope="col" className={th}>
                    Grup
                  </th>
                  <th scope="col" className={thNum}>
                    Rezervasyon
                  </th>
                  <th scope="col" className={thNum}>
                    Pay
                  </th>
                  <th scope="col" className={thNum}>
                    Gelir
                  </th>
                  <th scope="col" className={thNum}>
                    Pay
                  </th>
                </tr>
              </thead>
              <tbody>
                {rows.map((r) => (
                  <tr key={r.group} className={tr}>
                    <th scope="row" className={th}>
                      {r.group}
                    </th>
                    <td className={tdNum}>{r.bookings}</td>
                    <td className={tdNum}>{percent(r.bookings, r.allBookings)}</td>
                    <td className={tdNum}>{money(r.revenue)}</td>
                    <td className={tdNum}>{percent(r.revenue, r.allRevenue) ?? dash}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableRegion>
        </>
      )}
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
    >
      {rows.length === 0 ? (
        <Empty />
      ) : (
        <>
          <BarChart labels={labels} series={series} horizontal money className="h-48" label="Hizmet geliri grafiği" />
          <TableRegion label="Hizmet tablosu, yatay kaydırılabilir">
            <table className="w-full min-w-[28rem] border-collapse text-sm" data-service-table>
              <caption className={caption}>Hizmetlere göre gelir</caption>
              <thead>
                <tr>
                  <th scope="col" className={th}>
                    Hizmet
                  </th>
                  <th scope="col" className={thNum}>
                    Rezervasyon
                  </th>
                  <th scope="col" className={thNum}>
                    Adet
                  </th>
                  <th scope="col" className={thNum}>
                    Gelir
                  </th>
                </tr>
              </thead>
              <tbody>
                {rows.map((r) => (
                  <tr key={r.name} className={tr}>
                    <th scope="row" className={`${th} [overflow-wrap:anywhere]`}>
                      {r.name}
                    </th>
                    <td className={tdNum}>{r.bookings}</td>
                    <td className={tdNum}>{r.quantity ?? dash}</td>
                    <td className={tdNum}>{money(r.revenue)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableRegion>
        </>
      )}
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
    >
      {report.topCustomers.length === 0 ? (
        <Empty />
      ) : (
        <TableRegion label="Müşteri tablosu, yatay kaydırılabilir">
          <table className="w-full min-w-[32rem] border-collapse text-sm" data-customer-table>
            <caption className={caption}>Gelire göre en iyi müşteriler</caption>
            <thead>
              <tr>
                <th scope="col" className={thNum}>
                  Sıra
                </th>
                <th scope="col" className={th}>
                  Ad Soyad
                </th>
                <th scope="col" className={th}>
                  Telefon
                </th>
                <th scope="col" className={thNum}>
                  Rezervasyon
                </th>
                <th scope="col" className={thNum}>
                  Gelir
                </th>
              </tr>
            </thead>
            <tbody>
              {report.topCustomers.map((c, i) => (
                <tr key={`${c.phone}|${c.name}`} className={tr}>
                  <td className={tdNum}>{i + 1}</td>
                  <th scope="row" className={`${th} [overflow-wrap:anywhere]`}>
                    {c.name}
                  </th>
                  <td className={`${td} whitespace-nowrap tabular-nums`}>{customerPhoneText(c.phone) ?? dash}</td>
                  <td className={tdNum}>{c.bookings}</td>
                  <td className={tdNum}>{money(c.revenue)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableRegion>
      )}
    </ReportCard>
  );
}
