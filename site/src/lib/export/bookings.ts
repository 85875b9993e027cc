// The Rezervasyonlar screen's export (add-ons show in exports): every booking the filters match, one line
// each, with what it was sold at — the pitch's fee, the shuttle, each add-on and the total — for the generic CSV / XLSX
// helper (download.ts). The figures are the server's list answer; only the pitch's own fee is the rest of the total.
import type { BookingAddonWire } from '../../../../contracts/addons';
import type { BookingListItem } from '../../../../contracts/wire/booking';
import { istanbulToday, nightSuffix, realStart } from '../format';
import { PAYMENT_STATE_LABELS, paymentState, STATUS_LABELS } from '../tracking';
import { customerPhoneText, customerTypeText } from './customer-reports';
import type { ExportColumn } from './download';

const tl = new Intl.NumberFormat('tr-TR', { maximumFractionDigits: 2 });

/** 'Maç videosu ×1 (300 TL), Yelek ×10 (200 TL)': each add-on as sold, its count and its line total. */
export const addonsText = (addons: readonly BookingAddonWire[]): string | null =>
  addons.length === 0 ? null : addons.map((a) => `${a.name} ×${a.quantity} (${tl.format(a.total)} TL)`).join(', ');

type Row = Pick<
  BookingListItem,
  | 'bookingNumber'
  | 'date'
  | 'startTime'
  | 'endTime'
  | 'startsAt'
  | 'facility'
  | 'customerName'
  | 'customerPhone'
  | 'customerEmail'
  | 'status'
  | 'paymentStatus'
  | 'isSubscriber'
  | 'includesTransportation'
  | 'transportationPrice'
  | 'addons'
  | 'addonsPrice'
  | 'totalPrice'
  | 'depositAmount'
>;

const shuttleOf = (r: Row) => (r.includesTransportation ? r.transportationPrice : 0);
const round = (n: number) => Math.round(n * 100) / 100;

export const BOOKING_EXPORT_COLUMNS: readonly ExportColumn<Row>[] = [
  { header: 'Rezervasyon No', value: (r) => r.bookingNumber, width: 16 },
  // The real calendar date: an after-midnight hour is played the day after its business date, named after the time.
  { header: 'Tarih', value: (r) => realStart(r).calendarDate, type: 'date' },
  { header: 'Saat', value: (r) => `${r.startTime}–${r.endTime}${nightSuffix(realStart(r))}` },
  { header: 'Saha', value: (r) => r.facility.name, width: 24 },
  { header: 'Ad Soyad', value: (r) => r.customerName, width: 24 },
  { header: 'Telefon', value: (r) => customerPhoneText(r.customerPhone), width: 16 },
  { header: 'E-posta', value: (r) => r.customerEmail, width: 26 },
  { header: 'Müşteri Tipi', value: customerTypeText },
  { header: 'Durum', value: (r) => STATUS_LABELS[r.status] },
  { header: 'Ödeme', value: (r) => PAYMENT_STATE_LABELS[paymentState(r)].label },
  { header: 'Saha ücreti (TL)', value: (r) => round(r.totalPrice - shuttleOf(r) - r.addonsPrice), type: 'number' },
  { header: 'Servis (TL)', value: shuttleOf, type: 'number' },
  { header: 'Ek hizmetler', value: (r) => addonsText(r.addons), width: 36 },
  { header: 'Ek hizmetler (TL)', value: (r) => r.addonsPrice, type: 'number' },
  { header: 'Toplam (TL)', value: (r) => r.totalPrice, type: 'number' },
  { header: 'Kapora (TL)', value: (r) => r.depositAmount, type: 'number' },
];

/** 'rezervasyonlar-2026-11-23' (the download adds the extension). */
export const bookingExportName = (today = istanbulToday()) => `rezervasyonlar-${today}`;
