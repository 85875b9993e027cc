import { useStore } from '@nanostores/react';
import { type FormEvent, type Ref, useRef, useState } from 'react';
import { EMAIL_MAX, NAME_MAX, NOTES_MAX } from '../../../../contracts/bookings';
import { pickupTimeFor } from '../../../../contracts/common';
import { lengthLabel } from '../../../../contracts/match-length';
import { msg } from '../../../../contracts/texts';
import { waitlistTexts } from '../../../../contracts/waitlist';
import { nightSuffix, realStart, tl, trCalendarDay } from '../../lib/format';
import {
  $draft,
  $errors,
  $length,
  $selected,
  $slots,
  $submitting,
  type BookingFacility,
  depositOf,
  editDraft,
  leaveForm,
  type Slot,
  slotLength,
  slotMinutes,
  spanOf,
  spanTime,
  submitBooking,
  totalPrice,
} from '../../stores/booking';
import { $claim } from '../../stores/booking/claim';

/**
 * The match the form is for (docs/behaviour.md#match-length): its start, the slots it covers, its range, its length in
 * words and its price (the covered slots' own prices added up).
 */
function useMatch(f: BookingFacility) {
  const slot = useStore($selected);
  const length = useStore($length);
  const slots = useStore($slots);
  const found = slot ? spanOf(f, slot, length, slots) : [];
  const span: Slot[] = found.length ? found : slot ? [slot] : [];
  return {
    slot,
    span,
    minutes: length ?? (slot ? slotMinutes(slot) : 60),
    range: spanTime(span),
    /** A one-slot booking reads as it always did ('1 saat', '30 dakika'). */
    lengthText: span.length > 1 && length ? lengthLabel(length) : slot ? slotLength(slot) : '',
    price: span.reduce((sum, s) => sum + s.price, 0),
  };
}

import { hasFocusRing } from '../ui/focus';
import { BusIcon, ClockIcon, PinIcon, SparkIcon } from '../ui/icons';
import { TextField } from '../ui/TextField';
import { Action } from './Action';
import { AmenitiesModal } from './AmenitiesModal';
import { PhoneField } from './PhoneField';

function SummaryBar({ facility: f }: { facility: BookingFacility }) {
  const { slot, range, lengthText, price } = useMatch(f);
  const [amenitiesOpen, setAmenitiesOpen] = useState(false);
  const link =
    'inline-flex items-center gap-1.5 rounded-lg px-3 py-1.5 text-sm font-semibold text-turf-800 hover:bg-turf-100 dark:text-turf-200 dark:hover:bg-turf-900';
  return (
    <div
      className="flex flex-col gap-3 rounded-xl border border-turf-200 bg-turf-50 p-4 sm:flex-row sm:items-center sm:justify-between dark:border-turf-900 dark:bg-turf-950"
      data-summary
    >
      <div>
        {slot && (
          <p className="flex items-center gap-2 font-semibold">
            <ClockIcon className="h-5 w-5 shrink-0 text-turf-800 dark:text-turf-300" />
            <span>
              {/* The real calendar date: an after-midnight hour is played the day after its business date. */}
              {trCalendarDay(realStart(slot).calendarDate)} ·{' '}
              <span className="whitespace-nowrap tabular-nums" data-summary-time>
                {range}
              </span>
              {nightSuffix(realStart(slot))}
            </span>
          </p>
        )}
        {/* The match's own price and length: a half-hour slot is not priced '/ saat'. */}
        <p className="mt-0.5 text-sm text-slate-700 dark:text-slate-300" data-summary-price>
          {slot ? (
            <>
              <span className="font-bold text-turf-800 dark:text-turf-200">{tl(price)}</span> ·{' '}
              <span className="whitespace-nowrap" data-summary-length>
                {lengthText}
              </span>
            </>
          ) : (
            <>
              <span className="font-bold text-turf-800 dark:text-turf-200">{tl(f.hourlyPrice)}</span> / saat
            </>
          )}
        </p>
      </div>
      <div className="flex flex-wrap items-center gap-1">
        {f.mapsUrl && (
          <a href={f.mapsUrl} target="_blank" rel="noopener noreferrer" className={link}>
            <PinIcon className="h-4 w-4" /> Harita<span className="sr-only"> (yeni sekmede açılır)</span>
          </a>
        )}
        <button type="button" onClick={() => setAmenitiesOpen(true)} className={`${link} cursor-pointer`}>
          <SparkIcon className="h-4 w-4" /> İmkanlar
        </button>
        <Action variant="secondary" size="sm" onClick={leaveForm}>
          Saati Değiştir
        </Action>
      </div>
      <AmenitiesModal facility={f} isOpen={amenitiesOpen} onOpenChange={setAmenitiesOpen} />
    </div>
  );
}

/**
 * The chosen slot taken elsewhere, or its start passed, while the form is open: said at once from the live channel and
 * the slot-start timer, not on submit (behaviour.md#public-site). Sticky under the header, so it is seen wherever the
 * player is in the form; what was typed stays for another hour.
 */
function SlotGone({ facility: f }: { facility: BookingFacility }) {
  const slot = useStore($selected);
  const length = useStore($length);
  const slots = useStore($slots);
  const submitting = useStore($submitting);
  const claim = useStore($claim);
  // A slot held for this player (their claim link, docs/behaviour.md#waitlist) is theirs to book, not taken.
  const open = (s: Slot) =>
    s.state === 'available' || (claim?.slot === slot?.documentId && (s.state as string) === 'held');
  // Every slot the match covers: any one of them taken elsewhere takes the match (docs/behaviour.md#match-length).
  const span = slot ? spanOf(f, slot, length, slots) : [];
  const now = span.find((s) => !open(s)) ?? (span.length ? span[0] : undefined);
  // While this form's own booking is being sent, the live channel may tell of it before the answer: not 'taken'.
  if (!now || open(now) || submitting) return null;
  const started = now.state === 'past' && now.documentId === slot?.documentId;
  return (
    <div
      role="alert"
      data-slot-gone={started ? 'started' : 'taken'}
      className="sticky top-[4.5rem] z-20 mb-4 flex flex-wrap items-center justify-between gap-3 rounded-lg border-l-4 border-red-700 bg-red-50 px-4 py-3 text-red-900 shadow-md dark:bg-red-950 dark:text-red-100"
    >
      <p className="min-w-0 font-medium">{started ? msg.pastSlot : msg.slotTaken} Yazdıklarınız duruyor.</p>
      <Action
        variant="secondary"
        size="sm"
        onClick={() => {
          $selected.set(null);
          leaveForm();
        }}
      >
        Başka Saat Seç
      </Action>
    </div>
  );
}

/** Istanbul's clock time of an instant ('20:15'). */
const clock = (iso: string) =>
  new Intl.DateTimeFormat('tr-TR', { hour: '2-digit', minute: '2-digit', timeZone: 'Europe/Istanbul' }).format(
    new Date(iso),
  );

/** The slot held for this player by their claim link (docs/behaviour.md#waitlist), and until when. */
function Reserved() {
  const claim = useStore($claim);
  const slot = useStore($selected);
  if (!claim || claim.slot !== slot?.documentId) return null;
  return (
    <p
      role="status"
      className="mb-4 rounded-lg border-l-4 border-sky-600 bg-sky-50 px-4 py-3 font-medium text-sky-950 dark:bg-sky-950 dark:text-sky-50"
      data-claim-reserved={claim.expiresAt ?? ''}
    >
      {claim.expiresAt
        ? waitlistTexts.offered(clock(claim.expiresAt))
        : 'Sıra sizde! Bu saat sizin için ayrıldı; rezervasyonu süre dolmadan tamamlayın.'}
    </p>
  );
}

function TransportChoice({ facility: f }: { facility: BookingFacility }) {
  const draft = useStore($draft);
  const slot = useStore($selected);
  const errors = useStore($errors);
  const t = f.transport!;
  const error = errors.pickupPointId;
  return (
    <fieldset className="rounded-xl border border-slate-300 p-4 dark:border-slate-700">
      <legend className="px-1 text-sm font-semibold text-slate-800 dark:text-slate-200">Servis Hizmeti</legend>
      <label className="flex cursor-pointer items-start gap-3">
        <input
          type="checkbox"
          name="includesTransportation"
          checked={draft.includesTransportation}
          onChange={(e) => {
            editDraft('includesTransportation', e.target.checked);
            if (!e.target.checked) editDraft('pickupPointId', null);
          }}
          className="mt-0.5 h-5 w-5 shrink-0 cursor-pointer accent-turf-700 dark:accent-turf-500"
        />
        <span>
          <span className="flex items-center gap-1.5 font-medium">
            <BusIcon className="h-4 w-4" /> Servis hizmeti istiyorum{' '}
            <span className="font-semibold text-turf-800 dark:text-turf-300">(+{tl(t.price)})</span>
          </span>
          {t.description && (
            <span className="mt-0.5 block text-sm text-slate-700 dark:text-slate-300">{t.description}</span>
          )}
          {t.vehicle && (
            <span className="mt-0.5 block text-xs text-slate-600 dark:text-slate-400">Araç: {t.vehicle}</span>
          )}
        </span>
      </label>

      {draft.includesTransportation && t.pickupPoints.length > 0 && (
        <fieldset
          className="mt-4"
          data-invalid={error ? true : undefined}
          aria-describedby={error ? 'pickup-error' : undefined}
        >
          <legend className="text-sm font-semibold text-slate-800 dark:text-slate-200">
            Alış noktası
            <span aria-hidden="true" className="text-red-700 dark:text-red-400">
              {' '}
              *
            </span>
            <span className="sr-only"> (zorunlu)</span>
          </legend>
          <div className="mt-2 grid gap-2 sm:grid-cols-2">
            {t.pickupPoints.map((p) => (
              <label
                key={p.id}
                className={`flex cursor-pointer items-start gap-3 rounded-lg border border-slate-300 p-3 has-checked:border-turf-700 has-checked:bg-turf-50 dark:border-slate-600 dark:has-checked:border-turf-500 dark:has-checked:bg-turf-950 ${hasFocusRing}`}
              >
                <input
                  type="radio"
                  name="pickupPointId"
                  value={p.id}
                  checked={draft.pickupPointId === p.id}
                  onChange={() => editDraft('pickupPointId', p.id)}
                  aria-invalid={error ? true : undefined}
                  className="mt-0.5 h-4 w-4 shrink-0 cursor-pointer accent-turf-700 dark:accent-turf-500"
                />
                <span className="text-sm">
                  <span className="block font-semibold">{p.name}</span>
                  {p.address && <span className="block text-slate-700 dark:text-slate-300">{p.address}</span>}
                  {p.description && <span className="block text-slate-600 dark:text-slate-400">{p.description}</span>}
                  {/* Derived from the chosen hour, never a fixed clock time. */}
                  {slot && pickupTimeFor(slot.startTime, p.minutesBefore) && (
                    <span className="mt-0.5 block font-medium" data-pickup-time>
                      Kalkış: {pickupTimeFor(slot.startTime, p.minutesBefore)} (maçtan {p.minutesBefore} dakika önce)
                    </span>
                  )}
                </span>
              </label>
            ))}
          </div>
          {error && (
            <p id="pickup-error" className="mt-2 text-sm font-medium text-red-700 dark:text-red-400">
              {error}
            </p>
          )}
        </fieldset>
      )}
    </fieldset>
  );
}

/**
 * A count typed freely: an empty box while typing keeps the last count, more than the cap becomes the cap, and leaving
 * the box shows the count in force.
 */
function QuantityInput({
  id,
  value,
  max,
  onChange,
}: {
  id: string;
  value: number;
  max: number;
  onChange: (n: number) => void;
}) {
  const [text, setText] = useState(String(value));
  return (
    <input
      id={id}
      type="number"
      inputMode="numeric"
      min={1}
      max={max}
      value={text}
      onChange={(e) => {
        const raw = e.target.value;
        const n = Math.trunc(Number(raw));
        if (raw === '' || !Number.isFinite(n) || n < 1) {
          setText(raw);
          return;
        }
        const kept = Math.min(n, max);
        setText(String(kept));
        onChange(kept);
      }}
      onBlur={() => setText(String(value))}
      className="w-20 rounded-lg border border-slate-400 bg-white px-2 py-1 tabular-nums dark:border-slate-500 dark:bg-slate-900"
    />
  );
}

/**
 * The pitch's paid add-ons, after the shuttle option: a box each, and for a per-person one how many. The
 * total follows at once; the server prices them again and refuses one the pitch no longer offers.
 */
function AddonsChoice({ facility: f }: { facility: BookingFacility }) {
  const draft = useStore($draft);
  const errors = useStore($errors);
  const error = errors.addons;
  const set = (id: number, quantity: number | null) => {
    const next = { ...draft.addons };
    if (quantity === null) delete next[id];
    else next[id] = quantity;
    editDraft('addons', next);
  };
  return (
    <fieldset
      className="rounded-xl border border-slate-300 p-4 dark:border-slate-700"
      data-addons-choice
      data-invalid={error ? true : undefined}
      aria-describedby={error ? 'addons-error' : undefined}
    >
      <legend className="px-1 text-sm font-semibold text-slate-800 dark:text-slate-200">Ek Hizmetler</legend>
      <ul className="space-y-3">
        {f.addons.map((a) => {
          const quantity = draft.addons[a.id];
          const taken = quantity !== undefined;
          const perPerson = a.unit === 'person';
          return (
            <li key={a.id} className="min-w-0" data-addon={a.name}>
              <label className="flex cursor-pointer items-start gap-3">
                <input
                  type="checkbox"
                  checked={taken}
                  onChange={(e) => set(a.id, e.target.checked ? 1 : null)}
                  className="mt-0.5 h-5 w-5 shrink-0 cursor-pointer accent-turf-700 dark:accent-turf-500"
                />
                <span className="min-w-0">
                  <span className="font-medium [overflow-wrap:anywhere]">{a.name}</span>{' '}
                  <span className="font-semibold whitespace-nowrap text-turf-800 dark:text-turf-300">
                    (+{tl(a.price)}
                    {perPerson ? ' / kişi' : ''})
                  </span>
                  {a.description && (
                    <span className="mt-0.5 block text-sm [overflow-wrap:anywhere] text-slate-700 dark:text-slate-300">
                      {a.description}
                    </span>
                  )}
                </span>
              </label>
              {taken && perPerson && (
                <div className="mt-2 ml-8 flex flex-wrap items-center gap-2 text-sm">
                  <label htmlFor={`addon-quantity-${a.id}`}>Kişi sayısı</label>
                  <QuantityInput
                    id={`addon-quantity-${a.id}`}
                    value={quantity}
                    max={a.max}
                    onChange={(n) => set(a.id, n)}
                  />
                  <span className="text-slate-700 dark:text-slate-300">en fazla {a.max}</span>
                </div>
              )}
            </li>
          );
        })}
      </ul>
      {error && (
        <p id="addons-error" className="mt-2 text-sm font-medium text-red-700 dark:text-red-400">
          {error}
        </p>
      )}
    </fieldset>
  );
}

function Total({ facility: f }: { facility: BookingFacility }) {
  const { slot, span, minutes, lengthText, price } = useMatch(f);
  const draft = useStore($draft);
  const withTransport = draft.includesTransportation && f.transport;
  const deposit = depositOf(f, minutes);
  return (
    <div className="rounded-xl bg-slate-100 p-4 text-sm dark:bg-slate-800" data-total>
      <dl className="space-y-1">
        <div className="flex justify-between">
          <dt>Saha ücreti{span.length > 1 ? ` (${lengthText})` : ''}</dt>
          <dd className="tabular-nums" data-total-field>
            {tl(slot ? price : f.hourlyPrice)}
          </dd>
        </div>
        {withTransport && (
          <div className="flex justify-between">
            <dt>Servis</dt>
            <dd className="tabular-nums">{tl(f.transport!.price)}</dd>
          </div>
        )}
        {f.addons
          .filter((a) => draft.addons[a.id])
          .map((a) => (
            <div key={a.id} className="flex justify-between gap-3" data-total-addon={a.name}>
              <dt className="min-w-0 [overflow-wrap:anywhere]">
                {a.name}
                {a.unit === 'person' ? ` × ${draft.addons[a.id]}` : ''}
              </dt>
              <dd className="tabular-nums">{tl(a.price * draft.addons[a.id])}</dd>
            </div>
          ))}
        <div className="flex justify-between border-t border-slate-300 pt-2 text-base font-bold dark:border-slate-600">
          <dt>Toplam</dt>
          <dd className="tabular-nums" aria-live="polite" data-total-amount>
            {tl(totalPrice(slot ? { price } : null, f, draft))}
          </dd>
        </div>
      </dl>
      {f.depositAmount > 0 && (
        <p className="pt-2 text-xs text-slate-700 dark:text-slate-300" data-total-deposit>
          Onay için {tl(deposit)} kapora gerekir
          {f.depositPerHour ? ` (saat başına ${tl(f.depositAmount)})` : ''} (abonelerden kapora alınmaz).
        </p>
      )}
    </div>
  );
}

export function BookingForm({
  facility: f,
  headingRef,
}: {
  facility: BookingFacility;
  headingRef?: Ref<HTMLHeadingElement>;
}) {
  const draft = useStore($draft);
  const errors = useStore($errors);
  const submitting = useStore($submitting);
  const form = useRef<HTMLFormElement>(null);

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    const outcome = await submitBooking();
    if (outcome === 'invalid') {
      // Focus the first field that needs attention.
      requestAnimationFrame(() =>
        form.current?.querySelector<HTMLElement>('[data-invalid] input, [data-invalid] textarea')?.focus(),
      );
    }
  }

  return (
    <section aria-labelledby="booking-step-heading" data-booking-step="2">
      <h2
        id="booking-step-heading"
        ref={headingRef}
        tabIndex={-1}
        className="mb-4 scroll-mt-24 text-2xl font-bold outline-none"
      >
        Bilgiler
      </h2>
      <SlotGone facility={f} />
      <Reserved />
      <SummaryBar facility={f} />
      <form
        ref={form}
        noValidate
        onSubmit={onSubmit}
        className="mt-6 grid gap-5 lg:grid-cols-[1fr_20rem]"
        aria-label="Rezervasyon bilgileri"
      >
        <div className="space-y-4">
          <TextField
            label="Ad Soyad"
            name="customerName"
            autoComplete="name"
            isRequired
            validationBehavior="aria"
            maxLength={NAME_MAX}
            value={draft.customerName}
            onChange={(v) => editDraft('customerName', v)}
            errorMessage={errors.customerName}
          />
          <PhoneField
            value={draft.customerPhone}
            onChange={(v) => editDraft('customerPhone', v)}
            errorMessage={errors.customerPhone}
          />
          <TextField
            label="E-posta (isteğe bağlı)"
            name="customerEmail"
            type="email"
            autoComplete="email"
            validationBehavior="aria"
            maxLength={EMAIL_MAX}
            value={draft.customerEmail}
            onChange={(v) => editDraft('customerEmail', v)}
            errorMessage={errors.customerEmail}
          />
          <TextField
            label="Notlar (isteğe bağlı)"
            name="notes"
            multiline
            validationBehavior="aria"
            maxLength={NOTES_MAX}
            description={`En fazla ${NOTES_MAX} karakter`}
            value={draft.notes}
            onChange={(v) => editDraft('notes', v)}
            errorMessage={errors.notes}
            placeholder="Örneğin: 10 kişiyiz, yelek istiyoruz"
          />
          {f.transport && <TransportChoice facility={f} />}
          {f.addons.length > 0 && <AddonsChoice facility={f} />}
        </div>
        <div className="space-y-4 lg:sticky lg:top-20 lg:self-start">
          <Total facility={f} />
          <Action type="submit" size="lg" className="w-full" pending={submitting}>
            {submitting ? 'Gönderiliyor…' : 'Rezervasyonu Tamamla'}
          </Action>
          <p className="text-xs text-slate-600 dark:text-slate-400">* ile işaretli alanlar zorunludur.</p>
        </div>
      </form>
    </section>
  );
}

/** 'Boşalınca haber ver' (docs/behaviour.md#waitlist) rides in this chunk: the calendar loads it through here. */
export { default as WaitlistJoin } from './WaitlistJoin';
