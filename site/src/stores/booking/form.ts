// The booking form (behaviour.md#validation): the draft and its errors. Its rules (form-rules.ts) build on the API's zod schema and load
// with the form, not with the calendar.
import { atom, map } from 'nanostores';
import type { BookingFacility, Slot } from './facility';

export interface Draft {
  customerName: string;
  customerPhone: string;
  customerEmail: string;
  notes: string;
  includesTransportation: boolean;
  pickupPointId: string | null;
  /** Add-on id → quantity; an add-on not taken is absent. */
  addons: Record<number, number>;
}
const emptyDraft: Draft = {
  customerName: '',
  customerPhone: '',
  customerEmail: '',
  notes: '',
  includesTransportation: false,
  pickupPointId: null,
  addons: {},
};
export const $draft = map<Draft>({ ...emptyDraft });

export type DraftField = 'customerName' | 'customerPhone' | 'customerEmail' | 'notes' | 'pickupPointId' | 'addons';
export const FORM_FIELDS: DraftField[] = ['customerName', 'customerPhone', 'customerEmail', 'notes'];
export type FieldErrors = Partial<Record<DraftField, string>>;
export const $errors = atom<FieldErrors>({});
export const $submitting = atom(false);

/** Editing a field clears its error (behaviour.md#validation). */
export function editDraft<K extends keyof Draft>(key: K, value: Draft[K]) {
  $draft.setKey(key, value as never);
  const errors = $errors.get();
  const field = key === 'includesTransportation' ? 'pickupPointId' : key;
  if (field in errors) {
    const { [field as DraftField]: _, ...rest } = errors;
    $errors.set(rest);
  }
}

/** TL of the add-ons taken, each at its price times its quantity (the server prices them again). */
export const addonsPrice = (f: BookingFacility, d: Pick<Draft, 'addons'>) =>
  f.addons.reduce((sum, a) => sum + (d.addons[a.id] ? a.price * d.addons[a.id] : 0), 0);

/** `slot`: the match's own price (its covered slots' prices added up, docs/behaviour.md#match-length). */
export const totalPrice = (
  slot: Pick<Slot, 'price'> | null,
  f: BookingFacility,
  d: Pick<Draft, 'includesTransportation' | 'addons'>,
) =>
  (slot?.price ?? f.hourlyPrice) +
  (d.includesTransportation && f.transport ? f.transport.price : 0) +
  addonsPrice(f, d);

export function serverFieldErrors(list: unknown): FieldErrors {
  const out: FieldErrors = {};
  if (!Array.isArray(list)) return out;
  for (const item of list as { path?: unknown[]; message?: unknown }[]) {
    const key = (item?.path?.[0] === 'transportationDetails' ? 'pickupPointId' : item?.path?.[0]) as DraftField;
    if (
      (FORM_FIELDS.includes(key) || key === 'pickupPointId' || key === 'addons') &&
      typeof item.message === 'string' &&
      !(key in out)
    )
      out[key] = item.message;
  }
  return out;
}

export function resetForm() {
  $draft.set({ ...emptyDraft, addons: {} });
  $errors.set({});
  $submitting.set(false);
}
