// The match sheet's sections (behaviour.md#management-panel 'Bugün'): one per pitch, its bookings in the order of the
// business day, each with the phone to call or write on WhatsApp, the shuttle pickup, add-ons, what is still due and
// the payment state; on screen also 'Tahsil et' and, once the match started, Geldi / Gelmedi. The dashboard shows the
// compact form (no actions, no notes). Printed, each pitch is a page of its own.

import { useState } from 'react';
import type { DaySheetRowWire, DaySheetSectionWire } from '../../../../../contracts/day-sheet';
import {
  ATTENDANCE_LABELS,
  BOOKING_CHANNEL_LABELS,
  PAYMENT_METHOD_LABELS,
  PAYMENT_METHODS,
  PAYMENT_STATUS_LABELS,
  type PaymentMethod,
} from '../../../../../contracts/payments';
import { formatPhone } from '../../../../../contracts/phone-format';
import { telHref, whatsappHref } from '../../../../../contracts/phone-links';
import { nightSuffix, realStart } from '../../../../../contracts/slot-start';
import { client, unwrap } from '../../../lib/api';
import { messageOf } from '../../../lib/errors';
import { tl } from '../../../lib/format';
import { toast } from '../../../stores/toast';
import { Button } from '../../ui/Button';
import { BusIcon, CrownIcon, PhoneIcon } from '../../ui/icons';
import { Select } from '../../ui/Select';
import { StatusBadge } from '../../ui/StatusBadge';
import { TextField } from '../../ui/TextField';

export const SHEET_EMPTY = 'Bu gün için rezervasyon yok';
export const SHEET_FAILED = 'Maç listesi yüklenemedi';

/** 'Yelek ×2, Forma' */
export const addonsText = (row: Pick<DaySheetRowWire, 'addons'>) =>
  row.addons.map((a) => (a.quantity > 1 ? `${a.name} ×${a.quantity}` : a.name)).join(', ');

const card = 'min-w-0 rounded-2xl border border-slate-200 bg-white dark:border-slate-700 dark:bg-slate-900';
const link =
  'inline-flex items-center gap-1 rounded font-medium text-turf-800 underline-offset-2 hover:underline dark:text-turf-300';

export function DaySheetSections({
  sections,
  compact = false,
  onChanged,
  onOpen,
}: {
  sections: DaySheetSectionWire[];
  compact?: boolean;
  onChanged?: () => void;
  /** The name opens the booking's detail (the dashboard). */
  onOpen?: (documentId: string) => void;
}) {
  return (
    <div className="space-y-4" data-day-sheet>
      {sections.map((s) => (
        <section
          key={s.facility.id}
          aria-labelledby={`sheet-${s.facility.id}`}
          className={`${card} print:break-inside-auto print:rounded-none print:border-0`}
          data-sheet-section
        >
          <h2
            id={`sheet-${s.facility.id}`}
            className="border-b border-slate-200 px-4 py-3 text-base font-semibold break-words dark:border-slate-700"
          >
            {s.facility.name}
            <span className="ml-2 text-sm font-normal text-slate-600 dark:text-slate-300">{s.bookings.length} maç</span>
          </h2>
          {s.bookings.length === 0 ? (
            <p className="px-4 py-6 text-sm text-slate-600 dark:text-slate-300">{SHEET_EMPTY}</p>
          ) : (
            <ol className="divide-y divide-slate-200 dark:divide-slate-700">
              {s.bookings.map((b) => (
                <li key={b.documentId} data-sheet-row={b.bookingNumber} className="px-4 py-3 print:break-inside-avoid">
                  <SheetRow row={b} compact={compact} onChanged={onChanged} onOpen={onOpen} />
                </li>
              ))}
            </ol>
          )}
        </section>
      ))}
    </div>
  );
}

function SheetRow({
  row: b,
  compact,
  onChanged,
  onOpen,
}: {
  row: DaySheetRowWire;
  compact: boolean;
  onChanged?: () => void;
  onOpen?: (documentId: string) => void;
}) {
  const start = realStart(b);
  const addons = addonsText(b);
  return (
    <div className="flex min-w-0 flex-col gap-2 sm:flex-row sm:items-start sm:gap-4">
      <p className="shrink-0 font-semibold tabular-nums sm:w-28" data-sheet-time>
        {start.time}–{b.endTime.slice(0, 5)}
        {start.overnight && (
          <span className="block text-xs font-normal text-slate-600 dark:text-slate-300">
            {nightSuffix(start).replace(' · ', '')}
          </span>
        )}
      </p>
      <div className="min-w-0 flex-1 space-y-1">
        <p className="flex min-w-0 flex-wrap items-center gap-x-2 gap-y-1">
          {onOpen ? (
            <button
              type="button"
              aria-haspopup="dialog"
              onClick={() => onOpen(b.documentId)}
              className="min-w-0 cursor-pointer text-left font-semibold underline-offset-2 [overflow-wrap:anywhere] hover:underline"
              data-sheet-name
            >
              {b.customerName}
            </button>
          ) : (
            <span className="min-w-0 font-semibold [overflow-wrap:anywhere]" data-sheet-name>
              {b.customerName}
            </span>
          )}
          {b.isSubscriber && (
            <span className="inline-flex items-center gap-1 text-xs font-medium text-violet-800 dark:text-violet-300">
              <CrownIcon className="h-3.5 w-3.5" /> Abone
            </span>
          )}
          {b.status === 'pending' && <StatusBadge status="pending" />}
          {b.channel && (
            <span className="text-xs text-slate-600 dark:text-slate-300">{BOOKING_CHANNEL_LABELS[b.channel]}</span>
          )}
        </p>
        <p className="flex flex-wrap items-center gap-x-4 gap-y-1 text-sm">
          {b.customerPhone && (
            <a href={telHref(b.customerPhone)} className={link} data-tel>
              <PhoneIcon className="h-4 w-4" />
              {formatPhone(b.customerPhone)}
            </a>
          )}
          {b.customerPhone && (
            <a
              href={whatsappHref(b.customerPhone)}
              className={`${link} print:hidden`}
              target="_blank"
              rel="noopener noreferrer"
              data-whatsapp
            >
              WhatsApp
            </a>
          )}
          <span className="text-slate-600 dark:text-slate-300">{b.bookingNumber}</span>
        </p>
        {b.shuttle && (
          <p className="flex items-start gap-1 text-sm text-sky-800 [overflow-wrap:anywhere] dark:text-sky-300">
            <BusIcon className="mt-0.5 h-4 w-4 shrink-0" />
            Servis: {b.shuttle.pickupPointName ?? 'Durak seçilmedi'}
            {b.shuttle.pickupTime ? ` · ${b.shuttle.pickupTime.slice(0, 5)}` : ''}
          </p>
        )}
        {addons && (
          <p className="text-sm text-slate-700 [overflow-wrap:anywhere] dark:text-slate-200">Ek hizmetler: {addons}</p>
        )}
        {!compact && b.notes && (
          <p className="text-sm whitespace-pre-line text-slate-600 [overflow-wrap:anywhere] dark:text-slate-300">
            Not: {b.notes}
          </p>
        )}
      </div>
      <div className="flex shrink-0 flex-col gap-1 text-sm sm:items-end sm:text-right">
        <p>
          <span className="text-slate-600 dark:text-slate-300">Kalan </span>
          <span className="font-semibold tabular-nums" data-balance-due>
            {tl(b.balanceDue)}
          </span>
          <span className="text-slate-600 dark:text-slate-300"> / {tl(b.totalPrice)}</span>
        </p>
        <p className="text-slate-700 dark:text-slate-200" data-payment-state>
          {PAYMENT_STATUS_LABELS[b.paymentStatus]}
        </p>
        {b.attendance && (
          <p
            data-attendance={b.attendance}
            className={
              b.attendance === 'played'
                ? 'font-medium text-turf-800 dark:text-turf-300'
                : 'font-medium text-red-700 dark:text-red-300'
            }
          >
            {ATTENDANCE_LABELS[b.attendance]}
          </p>
        )}
        {!compact && onChanged && <RowActions row={b} onChanged={onChanged} />}
      </div>
    </div>
  );
}

const METHOD_OPTIONS = PAYMENT_METHODS.map((m) => ({ value: m, label: PAYMENT_METHOD_LABELS[m] }));

/** 'Tahsil et' (the balance, POST …/payments) and, once started, Geldi / Gelmedi (POST …/attendance). */
function RowActions({ row: b, onChanged }: { row: DaySheetRowWire; onChanged: () => void }) {
  const [collecting, setCollecting] = useState(false);
  const [amount, setAmount] = useState('');
  const [method, setMethod] = useState<PaymentMethod>('cash');
  const [busy, setBusy] = useState(false);
  const canCollect = b.balanceDue > 0 && b.attendance !== 'no_show';
  const canMark = b.started && b.status === 'approved' && b.attendance === null;

  async function run(what: () => Promise<unknown>, done: string) {
    setBusy(true);
    try {
      await what();
      toast('success', done);
      setCollecting(false);
      onChanged();
    } catch (e) {
      toast('error', 'İşlem yapılamadı', messageOf(e));
    } finally {
      setBusy(false);
    }
  }

  const collect = () =>
    run(
      () =>
        unwrap(
          client.api.bookings[':id'].payments.$post({
            param: { id: b.documentId },
            json: { kind: 'balance', amount: Number(amount.replace(',', '.')), method },
          }),
        ),
      'Tahsilat kaydedildi',
    );
  const mark = (attendance: 'played' | 'no_show') =>
    run(
      () => unwrap(client.api.bookings[':id'].attendance.$post({ param: { id: b.documentId }, json: { attendance } })),
      `${ATTENDANCE_LABELS[attendance]} olarak işaretlendi`,
    );

  if (!canCollect && !canMark) return null;
  return (
    <div className="mt-1 flex flex-col gap-2 print:hidden sm:items-end">
      <div className="flex flex-wrap gap-2 sm:justify-end">
        {canCollect && !collecting && (
          <Button
            size="sm"
            variant="secondary"
            isDisabled={busy}
            onPress={() => {
              setAmount(String(b.balanceDue));
              setCollecting(true);
            }}
          >
            Tahsil et
          </Button>
        )}
        {canMark && (
          <>
            <Button size="sm" variant="secondary" isDisabled={busy} onPress={() => void mark('played')}>
              Geldi
            </Button>
            <Button size="sm" variant="secondary" isDisabled={busy} onPress={() => void mark('no_show')}>
              Gelmedi
            </Button>
          </>
        )}
      </div>
      {collecting && (
        <form
          className="flex w-full max-w-xs flex-col gap-2 text-left"
          aria-label={`${b.customerName}: kalan tahsilatı`}
          onSubmit={(e) => {
            e.preventDefault();
            void collect();
          }}
        >
          <TextField label="Tutar (TL)" value={amount} onChange={setAmount} inputMode="decimal" isRequired />
          <Select label="Ödeme yöntemi" value={method} onChange={setMethod} options={METHOD_OPTIONS} />
          <div className="flex gap-2">
            <Button type="submit" size="sm" isDisabled={busy}>
              Kaydet
            </Button>
            <Button size="sm" variant="ghost" onPress={() => setCollecting(false)}>
              Vazgeç
            </Button>
          </div>
        </form>
      )}
    </div>
  );
}
