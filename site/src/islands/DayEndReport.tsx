import { type ReactNode, useState } from 'react';
import type { DayEndMoneyWire, DayEndWire } from '../../../contracts/day-sheet';
import { PAYMENT_METHOD_LABELS } from '../../../contracts/payments';
import { DayControls, useDayRead } from '../components/panel/day/DayControls';
import { Button } from '../components/ui/Button';
import { ListState } from '../components/ui/ListState';
import { client, unwrap } from '../lib/api';
import {
  dayEndFileName,
  MOVEMENT_COLUMNS,
  movementKindText,
  SUMMARY_COLUMNS,
  summaryRows,
} from '../lib/export/day-end';
import { downloadCsv, downloadXlsx, type ExportColumn } from '../lib/export/download';
import { tl } from '../lib/format';

export const DAY_END_FAILED = 'Gün sonu raporu yüklenemedi';
const readReport = (query: { date: string; facility?: string }) =>
  unwrap(client.api.reports['day-end'].$get({ query })) as Promise<DayEndWire>;
const card =
  'min-w-0 rounded-2xl border border-slate-200 bg-white p-4 sm:p-5 print:break-inside-avoid print:border-slate-400 print:p-3 dark:border-slate-700 dark:bg-slate-900';
const th = 'px-2 py-2 text-left font-semibold';
const td = 'px-2 py-2 align-top';
const num = 'px-2 py-2 text-right tabular-nums align-top';

const timeOf = (iso: string) =>
  new Intl.DateTimeFormat('tr-TR', { hour: '2-digit', minute: '2-digit', timeZone: 'Europe/Istanbul' }).format(
    new Date(iso),
  );

/**
 * Gün Sonu (behaviour.md#management-panel 'Gün Sonu'): what came in on an Istanbul calendar day, by method, staff member
 * and pitch, the refunds and kept deposits, the balance still expected from the day's played matches, and every
 * movement; printable on A4, exported as CSV and Excel.
 */
export default function DayEndReport() {
  const { choice, setChoice, data: shown, failure, reload } = useDayRead(readReport, DAY_END_FAILED);
  if (!choice) return null;
  return (
    <div className="space-y-4" data-day-end>
      <DayControls choice={choice} onChange={setChoice} title="Gün sonu" />
      <ListState
        busy={!shown && !failure}
        error={failure || null}
        onRetry={reload}
        loading={shown ? null : 'Gün sonu raporu yükleniyor...'}
      >
        {shown && <Report r={shown} />}
      </ListState>
    </div>
  );
}

function Figure({ name, value, note, id }: { name: string; value: number; note: string; id: string }) {
  return (
    <div className={card}>
      <dt className="text-sm font-medium text-slate-600 dark:text-slate-300">{name}</dt>
      <dd className="mt-1 text-2xl font-bold tabular-nums" data-figure={id}>
        {tl(value)}
      </dd>
      <dd className="mt-1 text-xs text-slate-600 dark:text-slate-300">{note}</dd>
    </div>
  );
}

function Exports<T>({
  rows,
  columns,
  name,
  what,
}: {
  rows: T[];
  columns: ExportColumn<T>[];
  name: string;
  what: string;
}) {
  const [busy, setBusy] = useState(false);
  return (
    <div className="flex flex-wrap gap-2 print:hidden" role="group" aria-label={`${what} dışa aktar`}>
      <Button
        size="sm"
        variant="secondary"
        aria-label={`${what}: CSV indir`}
        onPress={() => downloadCsv(rows, columns, name)}
      >
        CSV
      </Button>
      <Button
        size="sm"
        variant="secondary"
        isDisabled={busy}
        aria-label={`${what}: Excel indir`}
        onPress={async () => {
          setBusy(true);
          try {
            await downloadXlsx(rows, columns, name, what);
          } finally {
            setBusy(false);
          }
        }}
      >
        Excel
      </Button>
    </div>
  );
}

function Section({
  id,
  title,
  children,
  actions,
}: {
  id: string;
  title: string;
  children: ReactNode;
  actions?: ReactNode;
}) {
  return (
    <section aria-labelledby={`${id}-title`} className={card} data-day-end-section={id}>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <h3 id={`${id}-title`} className="text-lg font-bold">
          {title}
        </h3>
        {actions}
      </div>
      {/* Focusable, so a keyboard can scroll a wide table; positioned, so an sr-only caption cannot widen the page. */}
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard */}
      <div className="relative mt-3 overflow-x-auto" tabIndex={0} role="region" aria-label={`${title} tablosu`}>
        {children}
      </div>
    </section>
  );
}

function MoneyTable({ caption, rows }: { caption: string; rows: (DayEndMoneyWire & { name: string })[] }) {
  return (
    <table className="w-full text-sm">
      <caption className="sr-only">{caption}</caption>
      <thead className="border-b border-slate-200 dark:border-slate-700">
        <tr>
          <th scope="col" className={th}>
            {caption}
          </th>
          <th scope="col" className={`${th} text-right`}>
            Tahsil edilen
          </th>
          <th scope="col" className={`${th} text-right`}>
            İade
          </th>
          <th scope="col" className={`${th} text-right`}>
            Net
          </th>
        </tr>
      </thead>
      <tbody className="divide-y divide-slate-200 dark:divide-slate-700">
        {rows.map((r) => (
          <tr key={r.name}>
            <th scope="row" className={`${td} font-medium [overflow-wrap:anywhere]`}>
              {r.name}
            </th>
            <td className={num}>{tl(r.received)}</td>
            <td className={num}>{tl(r.refunded)}</td>
            <td className={num}>{tl(r.net)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function Report({ r }: { r: DayEndWire }) {
  const t = r.totals;
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-slate-600 dark:text-slate-300">
          Para hareketleri günün 00:00–24:00 arasındaki kayıtlarıdır; beklenen kalan o günün başlamış, onaylı ve gelmedi
          işaretlenmemiş maçlarından.
        </p>
        <Exports
          rows={summaryRows(r)}
          columns={SUMMARY_COLUMNS}
          name={dayEndFileName('ozet', r)}
          what="Gün sonu özeti"
        />
      </div>
      <dl className="grid grid-cols-1 gap-3 min-[420px]:grid-cols-2 xl:grid-cols-5">
        <Figure
          id="received"
          name="Tahsil edilen"
          value={t.received}
          note="Kapora ve kalan ödemeler, geri almalar düşülmüş"
        />
        <Figure id="refunded" name="İade edilen" value={t.refunded} note="Müşteriye geri ödenen" />
        <Figure id="net" name="Net kasa" value={t.net} note="Tahsil edilen − iade edilen" />
        <Figure id="kept" name="Tutulan kapora" value={t.kept} note="Daha önce alınmış; tahsilata eklenmez" />
        <Figure
          id="expected"
          name="Beklenen kalan"
          value={t.expected}
          note={`${t.expectedBookings} maçın ödenmemiş kısmı (toplam − alınan)`}
        />
      </dl>
      <div className="grid grid-cols-1 gap-4 lg:grid-cols-2 [&>*]:min-w-0">
        <Section id="methods" title="Yönteme göre">
          {r.byMethod.length === 0 ? (
            <p className="text-sm text-slate-600 dark:text-slate-300">Bu gün para hareketi yok</p>
          ) : (
            <MoneyTable
              caption="Yöntem"
              rows={r.byMethod.map((m) => ({ ...m, name: PAYMENT_METHOD_LABELS[m.method] }))}
            />
          )}
        </Section>
        <Section id="staff" title="Personele göre">
          {r.byStaff.length === 0 ? (
            <p className="text-sm text-slate-600 dark:text-slate-300">Bu gün para hareketi yok</p>
          ) : (
            <MoneyTable caption="Personel" rows={r.byStaff.map((s) => ({ ...s, name: s.staffName }))} />
          )}
        </Section>
      </div>
      <Section id="pitches" title="Sahaya göre">
        {r.byFacility.length === 0 ? (
          <p className="text-sm text-slate-600 dark:text-slate-300">Bu gün kayıt yok</p>
        ) : (
          <table className="w-full text-sm">
            <caption className="sr-only">Sahaya göre</caption>
            <thead className="border-b border-slate-200 dark:border-slate-700">
              <tr>
                <th scope="col" className={th}>
                  Saha
                </th>
                <th scope="col" className={`${th} text-right`}>
                  Tahsil edilen
                </th>
                <th scope="col" className={`${th} text-right`}>
                  İade
                </th>
                <th scope="col" className={`${th} text-right`}>
                  Tutulan kapora
                </th>
                <th scope="col" className={`${th} text-right`}>
                  Beklenen kalan
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-200 dark:divide-slate-700">
              {r.byFacility.map((f) => (
                <tr key={f.facility.id}>
                  <th scope="row" className={`${td} font-medium [overflow-wrap:anywhere]`}>
                    {f.facility.name}
                  </th>
                  <td className={num}>{tl(f.received)}</td>
                  <td className={num}>{tl(f.refunded)}</td>
                  <td className={num}>{tl(f.kept)}</td>
                  <td className={num}>{tl(f.expected)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </Section>
      <Section
        id="movements"
        title="Hareketler"
        actions={
          <Exports
            rows={r.movements}
            columns={MOVEMENT_COLUMNS}
            name={dayEndFileName('hareketler', r)}
            what="Gün sonu hareketleri"
          />
        }
      >
        {r.movements.length === 0 ? (
          <p className="text-sm text-slate-600 dark:text-slate-300">Bu gün para hareketi yok</p>
        ) : (
          <table className="w-full text-sm" data-movements>
            <caption className="sr-only">Hareketler</caption>
            <thead className="border-b border-slate-200 dark:border-slate-700">
              <tr>
                {['Saat', 'Rezervasyon', 'Hareket', 'Personel'].map((h) => (
                  <th key={h} scope="col" className={th}>
                    {h}
                  </th>
                ))}
                <th scope="col" className={`${th} text-right`}>
                  Tutar
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-200 dark:divide-slate-700">
              {r.movements.map((m) => (
                <tr key={m.id} data-movement={m.id}>
                  <td className={`${td} tabular-nums`}>{timeOf(m.at)}</td>
                  <td className={`${td} [overflow-wrap:anywhere]`}>
                    <span className="block font-medium">{m.customerName}</span>
                    <span className="block text-xs text-slate-600 dark:text-slate-300">
                      {m.bookingNumber} · {m.facilityName}
                    </span>
                  </td>
                  <td className={td}>
                    {movementKindText(m)}
                    {m.method && (
                      <span className="block text-xs text-slate-600 dark:text-slate-300">
                        {PAYMENT_METHOD_LABELS[m.method]}
                      </span>
                    )}
                  </td>
                  <td className={`${td} [overflow-wrap:anywhere]`}>{m.staffName}</td>
                  <td className={num} data-amount>
                    {tl(m.amount)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </Section>
    </div>
  );
}
