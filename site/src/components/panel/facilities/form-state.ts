import type { z } from 'zod';
import {
  AMENITY_PRESETS,
  type AmenityIcon,
  FACILITY_DEFAULTS,
  type FacilityInput,
  facilityInput,
  facilityMsg,
  WEEK_DAYS,
} from '../../../../../contracts/facility-form';
import { slotLengthOf } from '../../../../../contracts/slot-plan';
import type { FacilityWire, WorkingHoursWire } from '../../../../../contracts/wire/facility';

// The pitch form's own state (behaviour.md#management-panel, #entities, #validation): numbers stay the text the user typed until validation, and the amenities
// are split into the preset checkboxes and the custom rows. `toInput` turns it into what `facilityInput` checks.

export type FormTab = 'basic' | 'hours' | 'contact' | 'amenities' | 'settings';
export const FORM_TABS: { id: FormTab; label: string }[] = [
  { id: 'basic', label: 'Temel Bilgiler' },
  { id: 'hours', label: 'Çalışma Saatleri' },
  { id: 'contact', label: 'İletişim & Ödeme' },
  { id: 'amenities', label: 'İmkanlar' },
  { id: 'settings', label: 'Ayarlar' },
];

export interface CustomAmenity {
  key: string;
  name: string;
  available: boolean;
  icon: AmenityIcon | null;
}
export interface PickupRow {
  key: string;
  id: string | null;
  name: string;
  address: string;
  description: string;
  time: string | null;
  minutesBefore: string;
}
export interface PhoneRow {
  key: string;
  value: string;
}

export interface FormState {
  name: string;
  description: string;
  address: string;
  hourlyPrice: string;
  depositAmount: string;
  depositIban: string;
  bankName: string;
  recipientName: string;
  phones: PhoneRow[];
  email: string;
  googleMapsLocation: string;
  workingHours: WorkingHoursWire;
  bookingTimeType: 'hourly' | 'half-hourly';
  startTimeOffset: 'full_hour' | 'half_hour';
  /** Match length (docs/behaviour.md#match-length): the lengths offered (minutes), half-hour starts, deposit per hour. */
  matchLengths: number[];
  halfHourStarts: boolean;
  depositPerHour: boolean;
  autoApprovalTimeout: string;
  priority: string;
  seoTitle: string;
  seoDescription: string;
  seoKeywords: string;
  isActive: boolean;
  presets: string[];
  custom: CustomAmenity[];
  transport: {
    isActive: boolean;
    price: string;
    description: string;
    vehicleType: string;
    capacity: string;
    pickupPoints: PickupRow[];
  };
}

let seq = 0;
/** A React key for a row the user adds (phones, amenities, pickup points). */
export const rowKey = () => `row-${++seq}`;

const defaultHours = (): WorkingHoursWire =>
  Object.fromEntries(
    WEEK_DAYS.map((d) => [d, { isOpen: true, start: FACILITY_DEFAULTS.dayStart, end: FACILITY_DEFAULTS.dayEnd }]),
  ) as unknown as WorkingHoursWire;

/** A new pitch: the defaults of behaviour.md#constants-and-limits; the hold timeout is the admin's default when given. */
export function emptyForm(holdTimeout: number = FACILITY_DEFAULTS.autoApprovalTimeout): FormState {
  return {
    name: '',
    description: '',
    address: '',
    hourlyPrice: String(FACILITY_DEFAULTS.hourlyPrice),
    depositAmount: String(FACILITY_DEFAULTS.depositAmount),
    depositIban: '',
    bankName: '',
    recipientName: '',
    phones: [{ key: rowKey(), value: '' }],
    email: '',
    googleMapsLocation: '',
    workingHours: defaultHours(),
    bookingTimeType: FACILITY_DEFAULTS.bookingTimeType,
    startTimeOffset: FACILITY_DEFAULTS.startTimeOffset,
    matchLengths: [slotLengthOf(FACILITY_DEFAULTS.bookingTimeType)],
    halfHourStarts: true,
    depositPerHour: false,
    autoApprovalTimeout: String(holdTimeout),
    priority: String(FACILITY_DEFAULTS.priority),
    seoTitle: '',
    seoDescription: '',
    seoKeywords: '',
    isActive: FACILITY_DEFAULTS.isActive,
    presets: [],
    custom: [],
    transport: { isActive: false, price: '0', description: '', vehicleType: '', capacity: '', pickupPoints: [] },
  };
}

const PRESET_NAMES = new Set<string>(AMENITY_PRESETS.map((p) => p.name));
const str = (v: string | number | null | undefined) => (v === null || v === undefined ? '' : String(v));

/** An existing pitch in the form. */
export function formFromWire(f: FacilityWire): FormState {
  const base = emptyForm();
  const hours = defaultHours();
  for (const d of WEEK_DAYS) {
    const w = f.workingHours?.[d];
    // A stored closing time of 00:00 is the midnight that ends the day: the form says 24:00, as the owner typed it.
    if (w) hours[d] = { isOpen: Boolean(w.isOpen), start: w.start.slice(0, 5), end: closingShown(w.end.slice(0, 5)) };
  }
  const amenities = Array.isArray(f.facilities) ? f.facilities : [];
  const t = f.transportationService;
  const lengths = f as FacilityWire & { matchLengths?: number[]; halfHourStarts?: boolean; depositPerHour?: boolean };
  return {
    ...base,
    name: f.name,
    description: str(f.description),
    address: str(f.address),
    hourlyPrice: str(f.hourlyPrice),
    depositAmount: str(f.depositAmount),
    depositIban: str(f.depositIban),
    bankName: str(f.bankName),
    recipientName: str(f.recipientName),
    phones: (f.phoneNumbers.length ? f.phoneNumbers : ['']).map((value) => ({ key: rowKey(), value })),
    email: str(f.email),
    googleMapsLocation: str(f.googleMapsLocation),
    workingHours: hours,
    bookingTimeType: f.bookingTimeType,
    startTimeOffset: f.startTimeOffset,
    matchLengths: lengths.matchLengths?.length ? [...lengths.matchLengths] : [slotLengthOf(f.bookingTimeType)],
    halfHourStarts: lengths.halfHourStarts ?? true,
    depositPerHour: lengths.depositPerHour ?? false,
    autoApprovalTimeout: str(f.autoApprovalTimeout),
    priority: str(f.priority),
    seoTitle: str(f.seoTitle),
    seoDescription: str(f.seoDescription),
    seoKeywords: str(f.seoKeywords),
    isActive: f.isActive,
    presets: amenities.filter((a) => PRESET_NAMES.has(a.name) && a.available).map((a) => a.name),
    custom: amenities
      .filter((a) => !PRESET_NAMES.has(a.name))
      .map((a) => ({ key: rowKey(), name: a.name, available: a.available, icon: (a.icon as AmenityIcon) ?? null })),
    transport: t
      ? {
          isActive: t.isActive,
          price: str(t.price),
          description: str(t.description),
          vehicleType: str(t.vehicleInfo?.type),
          capacity: str(t.vehicleInfo?.capacity),
          pickupPoints: (t.pickupPoints ?? []).map((p) => ({
            key: rowKey(),
            id: p.id,
            name: p.name,
            address: str(p.address),
            description: str(p.description),
            time: p.time,
            minutesBefore: str(p.minutesBefore),
          })),
        }
      : base.transport,
  };
}

const num = (v: string) => (v.trim() === '' ? undefined : v.trim().replace(',', '.'));
const optionalNum = (v: string) => (v.trim() === '' ? null : v.trim());

/** What `facilityInput` validates; the server takes the same shape. */
export function toInput(s: FormState, imagesToDelete: number[] = []) {
  return {
    name: s.name,
    description: s.description,
    address: s.address,
    hourlyPrice: num(s.hourlyPrice) ?? '',
    depositAmount: num(s.depositAmount),
    depositIban: s.depositIban,
    bankName: s.bankName,
    recipientName: s.recipientName,
    phoneNumbers: s.phones.map((p) => p.value),
    email: s.email,
    googleMapsLocation: s.googleMapsLocation,
    workingHours: s.workingHours,
    bookingTimeType: s.bookingTimeType,
    startTimeOffset: s.startTimeOffset,
    matchLengths: [...s.matchLengths].sort((a, b) => a - b),
    halfHourStarts: s.halfHourStarts,
    depositPerHour: s.depositPerHour,
    autoApprovalTimeout: num(s.autoApprovalTimeout) ?? '',
    priority: num(s.priority) ?? '',
    seoTitle: s.seoTitle,
    seoDescription: s.seoDescription,
    seoKeywords: s.seoKeywords,
    isActive: s.isActive,
    facilities: [
      ...AMENITY_PRESETS.filter((p) => s.presets.includes(p.name)).map((p) => ({
        name: p.name,
        available: true,
        icon: p.icon,
      })),
      ...s.custom.map((c) => ({ name: c.name, available: c.available, icon: c.icon })),
    ],
    transportationService: {
      isActive: s.transport.isActive,
      price: num(s.transport.price) ?? 0,
      description: s.transport.description,
      vehicleInfo: { type: s.transport.vehicleType, capacity: optionalNum(s.transport.capacity) },
      pickupPoints: s.transport.pickupPoints.map((p) => ({
        id: p.id,
        name: p.name,
        address: p.address,
        description: p.description,
        time: p.time,
        minutesBefore: optionalNum(p.minutesBefore),
      })),
    },
    imagesToDelete,
  };
}

/** Field errors keyed by their dotted path ('name', 'phoneNumbers', 'transportationService.pickupPoints.0.name'). */
export type FieldErrors = Record<string, string>;

// Paths a schema left without a message of its own get one of these (no validator text reaches a user, behaviour.md#error-messages).
const FALLBACKS: [RegExp, string][] = [
  [/^workingHours\b/, facilityMsg.hoursInvalid],
  [/^phoneNumbers\b/, facilityMsg.phones],
  [/^hourlyPrice$/, facilityMsg.hourlyPrice],
  [/^depositAmount$/, facilityMsg.depositNegative],
  [/^autoApprovalTimeout$/, facilityMsg.autoApproval],
  [/^priority$/, facilityMsg.priority],
  [/^transportationService\.price$/, facilityMsg.transportPrice],
  [/^transportationService\.vehicleInfo\.capacity$/, facilityMsg.vehicleCapacity],
  [/\.minutesBefore$/, facilityMsg.minutesBefore],
  [/^facilities\.\d+\.name$/, facilityMsg.amenityNameRequired],
  [/^transportationService\.pickupPoints\.\d+\.name$/, facilityMsg.pickupNameRequired],
  [/^email$/, facilityMsg.email],
  [/^depositIban$/, facilityMsg.iban],
  [/^googleMapsLocation$/, facilityMsg.mapsUrl],
];
const GENERIC = 'Geçersiz değer';
const fallbackFor = (path: string) => FALLBACKS.find(([re]) => re.test(path))?.[1] ?? GENERIC;

/** Runs the shared schema; every issue becomes a Turkish message under its field (the first per field wins). */
export function validate(
  s: FormState,
  imagesToDelete: number[] = [],
): { ok: true; data: FacilityInput } | { ok: false; errors: FieldErrors } {
  const raw = toInput(s, imagesToDelete);
  const result = facilityInput.safeParse(raw, {
    error: (iss) => fallbackFor((iss.path ?? []).map(String).join('.')),
  });
  if (result.success) return { ok: true, data: result.data };
  return { ok: false, errors: issuesToErrors(result.error.issues) };
}

function issuesToErrors(issues: z.core.$ZodIssue[]): FieldErrors {
  const errors: FieldErrors = {};
  for (const iss of issues) {
    const path = iss.path.map(String).join('.');
    errors[path] ??= iss.message || fallbackFor(path);
  }
  return errors;
}

/** The server's `details.errors[]` as the same field errors (a leading 'data' segment is the multipart wrapper). */
export function serverErrors(list: unknown): FieldErrors {
  const errors: FieldErrors = {};
  if (!Array.isArray(list)) return errors;
  for (const e of list as { path?: unknown; message?: unknown }[]) {
    const parts = Array.isArray(e.path) ? e.path.map(String) : typeof e.path === 'string' ? e.path.split('.') : [];
    if (parts[0] === 'data') parts.shift();
    const path = parts.join('.');
    if (path && typeof e.message === 'string' && e.message) errors[path] ??= e.message;
  }
  return errors;
}

/** Which tab holds the field at this path. */
export function tabOf(path: string): FormTab {
  const head = path.split('.')[0];
  if (head === 'workingHours') return 'hours';
  if (['phoneNumbers', 'email', 'depositIban', 'bankName', 'recipientName', 'googleMapsLocation'].includes(head))
    return 'contact';
  if (head === 'facilities' || head === 'transportationService') return 'amenities';
  if (
    [
      'bookingTimeType',
      'startTimeOffset',
      'matchLengths',
      'halfHourStarts',
      'autoApprovalTimeout',
      'priority',
      'seoTitle',
      'seoDescription',
      'seoKeywords',
      'isActive',
    ].includes(head)
  )
    return 'settings';
  return 'basic';
}

/** The first tab, in tab order, with an error. */
export function firstTabWithError(errors: FieldErrors): FormTab | null {
  const tabs = new Set(Object.keys(errors).map(tabOf));
  return FORM_TABS.find((t) => tabs.has(t.id))?.id ?? null;
}

/** The error of a field or of anything under it (a list's own error or one of its entries). */
export function errorUnder(errors: FieldErrors, path: string): string | undefined {
  if (errors[path]) return errors[path];
  const key = Object.keys(errors).find((k) => k.startsWith(`${path}.`));
  return key ? errors[key] : undefined;
}

/** An overnight range ('18:00'–'02:00') ends on the next day; a closing time of 24:00 is the end of the same day. */
export const isOvernight = (start: string, end: string) => Boolean(start && end) && end < start;

/** A stored closing time as the form shows it: 00:00 (midnight, the end of the day) is written 24:00. */
export const closingShown = (end: string) => (end === '00:00' ? '24:00' : end);

/**
 * A clock time as typed, tidied to HH:MM: '9' → '09:00', '930' → '09:30', '2400' → '24:00', '9.30' → '09:30'.
 * Anything else is left as typed, for the shared schema to refuse with its Turkish message.
 */
export function normaliseClock(raw: string): string {
  const t = raw.trim().replace(/[.,\s]/g, ':');
  let m = /^(\d{1,2})$/.exec(t);
  if (m) return `${m[1].padStart(2, '0')}:00`;
  m = /^(\d{1,2}):?(\d{2})$/.exec(t);
  if (m) return `${m[1].padStart(2, '0')}:${m[2]}`;
  return raw.trim();
}
