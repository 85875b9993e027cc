// The quick subscription form (behaviour.md#management-panel, #states-and-transitions 'Subscription creation', #validation 'Subscription form'): its values, the field and
// form errors, the chosen pitch's slot view, sending, and the partial and error cards. The component renders this
// store and moves the focus; every rule and call is here.
import { map } from 'nanostores';
import { istanbulToday } from '../../../contracts/dates';
import {
  type CreateSubscriptionInput,
  createSubscriptionSchema,
  noWeekInRange,
  type SubscriptionConflictWire,
  type SubscriptionDateWire,
  type SubscriptionPartialWire,
  type SubscriptionSlotsWire,
  slotWarning,
  startDateRangeMessage,
  subscriptionMsg,
} from '../../../contracts/subscriptions';
import type { FacilityWire, WeekDay } from '../../../contracts/wire/facility';
import {
  defaultWeeks,
  maxWeeks,
  shortDate,
  startBounds,
  type TimeOption,
  timeOptions,
  totalOf,
  weekOptions,
} from '../components/panel/subscriptions/rules';
import { ApiRequestError } from '../lib/api';
import { messageOf } from '../lib/errors';
import { $facilities, createSubscription, generateMonth, loadSlotView, loadSubscribers } from './panel-subscriptions';
import { toast } from './toast';

export interface SubscriptionValues {
  customerName: string;
  customerPhone: string;
  customerEmail: string;
  /** The facility's documentId, as the wire names it. */
  facility: string;
  dayOfWeek: WeekDay | '';
  timeSlot: string;
  startDate: string;
  weekCount: number;
  notes: string;
  includesTransportation: boolean;
  pickupPointId: string;
}

const EMPTY: SubscriptionValues = {
  customerName: '',
  customerPhone: '',
  customerEmail: '',
  facility: '',
  dayOfWeek: '',
  timeSlot: '',
  startDate: '',
  weekCount: 12,
  notes: '',
  includesTransportation: false,
  pickupPointId: '',
};

/** Field messages by the zod / server issue path ('transportationDetails.pickupPointId'). */
export type FieldErrors = Partial<Record<string, string>>;
export type SlotState = 'idle' | 'loading' | 'generating' | 'ready' | 'failed';

/** The red card of behaviour.md#error-messages: the message and the dates that stood in the way. */
export interface SubscriptionFailure {
  message: string;
  conflictedDates: SubscriptionConflictWire[];
  nonExistentDates: SubscriptionDateWire[];
}

export interface SubscriptionFormState {
  values: SubscriptionValues;
  errors: FieldErrors;
  formError: string | null;
  busy: boolean;
  view: SubscriptionSlotsWire | null;
  slotState: SlotState;
  partial: SubscriptionPartialWire | null;
  failure: SubscriptionFailure | null;
}

const initial = (): SubscriptionFormState => ({
  values: EMPTY,
  errors: {},
  formError: null,
  busy: false,
  view: null,
  slotState: 'idle',
  partial: null,
  failure: null,
});

export const $subscriptionForm = map<SubscriptionFormState>(initial());

/** What follows from the values: the facility's shuttle, the start date's bounds, the week and time choices, the total. */
export function formFacts(s: SubscriptionFormState, facilities: readonly FacilityWire[], today: string) {
  const { values, view, slotState } = s;
  const facility = facilities.find((f) => f.documentId === values.facility);
  const shuttle = facility?.transportationService?.isActive ? facility.transportationService : null;
  const bounds = startBounds(view, today);
  const max = maxWeeks(values.startDate, values.dayOfWeek, view?.lastDate ?? null);
  const { times, warning } =
    slotState === 'ready' || slotState === 'failed'
      ? timeOptions(view, facility, values.dayOfWeek, slotState === 'failed')
      : { times: [] as TimeOption[], warning: null };
  const price = times.find((t) => t.startTime === values.timeSlot)?.price ?? facility?.hourlyPrice ?? 0;
  const fee = values.includesTransportation && shuttle ? shuttle.price : 0;
  const outOfRange = Boolean(
    values.startDate && (values.startDate < bounds.min || (bounds.max && values.startDate > bounds.max)),
  );
  return {
    shuttle,
    bounds,
    max,
    options: weekOptions(max),
    times,
    warning,
    price,
    fee,
    total: totalOf(price, fee, values.weekCount),
    missing: !values.customerName || !values.customerPhone || !values.facility || !values.dayOfWeek || !values.timeSlot,
    rangeError: outOfRange ? startDateRangeMessage(bounds.min, bounds.max) : null,
    rangeText:
      view?.firstDate && view.lastDate
        ? `Slot aralığı: ${shortDate(view.firstDate)} – ${shortDate(view.lastDate)}`
        : values.facility && slotState === 'ready'
          ? `Bu sahada slot yok; en erken ${shortDate(bounds.min)}`
          : undefined,
  };
}

/**
 * Every change goes through here, and the choices that depend on others follow: the week count fits the range (12 when
 * it fits, else the most that does), and a time the new day or facility does not offer is cleared.
 */
function update(change: (s: SubscriptionFormState) => SubscriptionFormState) {
  const next = change($subscriptionForm.get());
  const { options, max, times } = formFacts(next, $facilities.get(), istanbulToday());
  let values = next.values;
  if (!options.some((o) => o.value === values.weekCount)) values = { ...values, weekCount: defaultWeeks(max) };
  if ((next.slotState === 'ready' || next.slotState === 'failed') && values.timeSlot)
    if (!times.some((t) => t.startTime === values.timeSlot)) values = { ...values, timeSlot: '' };
  $subscriptionForm.set(values === next.values ? next : { ...next, values });
}

/** Bumped when the form is left: an answer that arrives later changes nothing here. */
let generation = 0;
/** Bumped on every facility choice: only the latest choice's slot view is applied. */
let facilitySeq = 0;
let lastBody: CreateSubscriptionInput | null = null;

const keyOf = (path: readonly PropertyKey[]) => path.map(String).join('.');

function firstPerField(issues: { path: readonly PropertyKey[]; message: string }[]): FieldErrors {
  const out: FieldErrors = {};
  for (const i of issues) {
    const k = keyOf(i.path);
    if (!out[k]) out[k] = i.message;
  }
  return out;
}

export function setSubscriptionField<K extends keyof SubscriptionValues>(key: K, value: SubscriptionValues[K]) {
  update((s) => ({ ...s, values: { ...s.values, [key]: value }, errors: { ...s.errors, [key]: undefined } }));
}

/** The facility's slot view; none in the next 3 months → a month is generated, then the view is read again. */
async function readSlotView(ref: string, mine: number) {
  const apply = (view: SubscriptionSlotsWire | null, slotState: SlotState) => {
    if (mine !== facilitySeq) return;
    const { min } = startBounds(view, istanbulToday());
    update((s) => ({ ...s, view, slotState, values: { ...s.values, startDate: min } }));
  };
  try {
    const first = await loadSlotView(ref);
    if (first.firstDate) return apply(first, 'ready');
    if (mine !== facilitySeq) return;
    update((s) => ({ ...s, slotState: 'generating' }));
    try {
      await generateMonth(ref);
    } catch {
      toast('warning', slotWarning.generateFailed);
      return apply(first, 'ready');
    }
    apply(await loadSlotView(ref), 'ready');
  } catch {
    apply(null, 'failed');
  }
}

export function chooseFacility(ref: string) {
  const next = $facilities.get().find((f) => f.documentId === ref);
  const service = next?.transportationService;
  const mine = ++facilitySeq;
  update((s) => ({
    ...s,
    values: {
      ...s.values,
      facility: ref,
      timeSlot: '',
      // behaviour.md#validation: switching to a facility without a shuttle clears the choice; a pickup point is the facility's own.
      includesTransportation: service?.isActive ? s.values.includesTransportation : false,
      pickupPointId: service?.pickupPoints.some((p) => p.id === s.values.pickupPointId) ? s.values.pickupPointId : '',
    },
    errors: { ...s.errors, facility: undefined, timeSlot: undefined },
    view: null,
    slotState: ref ? 'loading' : 'idle',
  }));
  if (ref) void readSlotView(ref, mine);
}

/** After a subscription was made: an empty form for the next one. */
function clearForm() {
  facilitySeq++;
  lastBody = null;
  update((s) => ({ ...s, values: EMPTY, errors: {}, formError: null, view: null, slotState: 'idle' }));
}

async function send(body: CreateSubscriptionInput) {
  const mine = generation;
  const here = () => mine === generation;
  update((s) => ({ ...s, busy: true, failure: null }));
  try {
    const answer = await createSubscription(body);
    if (answer.status === 'partial') {
      if (here()) update((s) => ({ ...s, partial: answer }));
      return;
    }
    if (here()) update((s) => ({ ...s, partial: null }));
    toast('success', answer.message);
    if (here()) clearForm();
    void loadSubscribers();
  } catch (e) {
    const message = messageOf(e, subscriptionMsg.createFailed);
    const details = e instanceof ApiRequestError ? e.details : {};
    toast('error', message);
    if (here())
      update((s) => ({
        ...s,
        partial: null,
        errors: details.errors?.length
          ? firstPerField(details.errors as { path: string[]; message: string }[])
          : s.errors,
        failure: {
          message,
          conflictedDates: (details.conflictedDates as SubscriptionConflictWire[] | undefined) ?? [],
          nonExistentDates: (details.nonExistentDates as SubscriptionDateWire[] | undefined) ?? [],
        },
      }));
  } finally {
    if (here()) update((s) => ({ ...s, busy: false }));
  }
}

/** Checks the form as the server will, then sends it. False when a field needs fixing (the form moves the focus there). */
export function submitSubscription(): boolean {
  const s = $subscriptionForm.get();
  if (s.busy) return true;
  const { values } = s;
  const { bounds, max } = formFacts(s, $facilities.get(), istanbulToday());
  const parsed = createSubscriptionSchema.safeParse({
    customerName: values.customerName,
    customerPhone: values.customerPhone,
    customerEmail: values.customerEmail,
    facility: values.facility,
    dayOfWeek: values.dayOfWeek || undefined,
    timeSlot: values.timeSlot,
    startDate: values.startDate,
    weekCount: values.weekCount,
    notes: values.notes,
    includesTransportation: values.includesTransportation,
    transportationDetails: values.includesTransportation ? { pickupPointId: values.pickupPointId } : null,
    confirmPartial: false,
  });
  const found: FieldErrors = parsed.success ? {} : firstPerField(parsed.error.issues);
  if (values.startDate && !found.startDate) {
    if (values.startDate < bounds.min || (bounds.max && values.startDate > bounds.max))
      found.startDate = startDateRangeMessage(bounds.min, bounds.max);
    else if (max < 1) found.weekCount = noWeekInRange;
  }
  const list = Object.values(found).filter(Boolean) as string[];
  if (!parsed.success || list.length > 0) {
    const formError = list.includes(subscriptionMsg.required) ? subscriptionMsg.required : list[0];
    update((cur) => ({ ...cur, errors: found, formError }));
    return false;
  }
  update((cur) => ({ ...cur, errors: {}, formError: null }));
  lastBody = parsed.data;
  void send(parsed.data);
  return true;
}

/** behaviour.md#states-and-transitions step 2: book the free weeks of the last request. */
export function confirmPartial() {
  if (lastBody) void send({ ...lastBody, confirmPartial: true });
}
export const dismissPartial = () => update((s) => ({ ...s, partial: null }));
export const closeFailure = () => update((s) => ({ ...s, failure: null }));

/** The form is left: a fresh one next time, and answers still on their way are dropped. */
export function resetSubscriptionForm() {
  generation++;
  facilitySeq++;
  lastBody = null;
  $subscriptionForm.set(initial());
}
