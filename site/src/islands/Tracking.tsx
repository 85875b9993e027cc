import { type FormEvent, lazy, type ReactNode, Suspense, useEffect, useRef, useState } from 'react';
import { compactBookingNumber } from '../../../contracts/booking-number';
import { normalisePhone } from '../../../contracts/phone-format';
import { publicMsg as msg } from '../../../contracts/public-texts';
import { AlertIcon, SearchIcon } from '../components/ui/icons';
import { Button } from '../components/ui/light/Button';
import { Tab, TabList, TabPanel, Tabs } from '../components/ui/light/Tabs';
import { TextField } from '../components/ui/light/TextField';
import { Toasts } from '../components/ui/Toasts';
import { client, unwrap } from '../lib/api';
import { checkBookingNumber } from '../lib/checks';
import { ApiRequestError, errorText, messageOf } from '../lib/errors';
import type { PhoneListedBooking, TrackedBooking } from '../lib/tracking';
import { displayPhone, isAlreadyProcessed, phoneForLookup } from '../lib/tracking-lookup';
import { toast } from '../stores/toast';

// The page opens on the search form. The result views are a chunk fetched on the first touch of the form (or at once
// for a ?q= link), the cancel dialog (react-aria's modal) another, fetched when a booking is shown.
const loadDetails = () => import('../components/tracking/BookingDetails');
const loadSubscriberView = () => import('../components/tracking/SubscriberView');
const loadCancelDialog = () => import('../components/tracking/CancelDialog');
const BookingDetails = lazy(() => loadDetails().then((m) => ({ default: m.BookingDetails })));
const SubscriberView = lazy(() => loadSubscriberView().then((m) => ({ default: m.SubscriberView })));
type CancelDialogType = typeof import('../components/tracking/CancelDialog').CancelDialog;
let prefetched = false;
function prefetchResults() {
  if (prefetched) return;
  prefetched = true;
  void loadDetails().catch(() => {});
  void loadSubscriberView().catch(() => {});
}
/** Holds a result's place while its view arrives. */
const resultFallback = (
  <p className="animate-pulse rounded-2xl border border-slate-200 p-6 text-slate-700 motion-reduce:animate-none dark:border-slate-700 dark:text-slate-300">
    Yükleniyor…
  </p>
);

// Texts of behaviour.md#error-messages, verbatim.
export const TEXT = {
  copied: 'Rezervasyon numarası kopyalandı!',
  phoneLookupFailed: 'Abone rezervasyonları alınırken bir hata oluştu.',
  refreshFailed: 'Güncelleme sırasında bir hata oluştu',
  cancelled: msg.cancelSuccess,
  alreadyProcessed: 'Bu rezervasyon zaten işlem görmüş. Sayfayı yenileyerek güncel durumu görebilirsiniz.',
  cancelFailed: msg.cancelFailed,
} as const;

/** How long the 'already processed' warning stays readable before the page reloads. */
export const RELOAD_DELAY_MS = 2000;

type Mode = 'number' | 'phone';
type Result =
  | { kind: 'booking'; booking: TrackedBooking; from?: Extract<Result, { kind: 'subscriber' }> }
  | { kind: 'subscriber'; customer: { name: string; phone: string }; bookings: PhoneListedBooking[] };

/** behaviour.md#error-messages: the server's text first, else the situation's own fallback. */
function serverText(e: unknown, fallback: string): string {
  return e instanceof ApiRequestError ? errorText(e.body, undefined, fallback) : messageOf(e, fallback);
}

/**
 * The booking on screen is kept for this tab (sessionStorage), so a reload shows it again; the number never goes into
 * the address, and a ?q= it arrived with is taken out of it (behaviour.md#public-site 'Tracking').
 */
/**
 * What the device keeps (lib/device-bookings.ts) loads only when used, off the page's first load (docs/performance.md
 * 'Budgets'): after a search, or when this tab was handed a number.
 */
const device = () => import('../lib/device-bookings');
/** Whether this tab was handed a number (the key is lib/device-bookings.ts TRACK_KEY; a site test checks they agree). */
export const TRACK_KEY = 'hs:takip';
function handedOver(): boolean {
  try {
    return Boolean(sessionStorage.getItem(TRACK_KEY));
  } catch {
    return false;
  }
}

function syncQuery(bookingNumber: string | null) {
  void device().then((d) => (bookingNumber ? d.handToTracking(bookingNumber) : d.clearTrackedHere()));
  const url = new URL(window.location.href);
  if (!url.searchParams.has('q')) return;
  url.searchParams.delete('q');
  window.history.replaceState(window.history.state, '', url);
}

export default function Tracking({
  initialQuery,
  cancelWindowHours = 24,
}: {
  initialQuery?: string | null;
  /** The customer cancel window the server applies, read by the page on the server. */
  cancelWindowHours?: number;
}) {
  const [mode, setMode] = useState<Mode>('number');
  const [number, setNumber] = useState((initialQuery ?? '').trim().toUpperCase());
  const [phone, setPhone] = useState('');
  const [searching, setSearching] = useState(false);
  const [refreshing, setRefreshing] = useState(false);
  const [result, setResult] = useState<Result | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [cancelOpen, setCancelOpen] = useState(false);
  /** A booking picked from the subscriber list: its full number is asked for, and the list is the way back. */
  const [asked, setAsked] = useState<{ masked: string; from: Extract<Result, { kind: 'subscriber' }> } | null>(null);
  const resultRef = useRef<HTMLDivElement>(null);
  const formRef = useRef<HTMLDivElement>(null);

  /** One search: busy while it runs, then its result, or why there is none (a text, or the server's, else `fallback`). */
  async function run(find: () => Promise<Result | string>, fallback: string, onFound: () => void) {
    setSearching(true);
    setError(null);
    try {
      const found = await find();
      if (typeof found === 'string') {
        setResult(null);
        setError(found);
      } else {
        setResult(found);
        onFound();
      }
    } catch (e) {
      setResult(null);
      setError(serverText(e, fallback));
    } finally {
      setSearching(false);
    }
  }

  /** `keep`: the booking is the player's own (typed or handed over on this device), so it joins 'Rezervasyonlarım'. */
  async function searchNumber(raw: string, from?: Extract<Result, { kind: 'subscriber' }>, keep = true) {
    const parsed = checkBookingNumber(raw);
    if ('error' in parsed) {
      setResult(null);
      setError(parsed.error);
      return;
    }
    const bookingNumber = parsed.value;
    const track = client.api.bookings.track[':bookingNumber'];
    const got: { booking?: TrackedBooking } = {};
    await run(
      async () => {
        got.booking = await unwrap(track.$get({ param: { bookingNumber } }));
        return { kind: 'booking', booking: got.booking, from };
      },
      msg.bookingNotFound,
      () => {
        setAsked(null);
        setNumber(bookingNumber);
        syncQuery(bookingNumber);
        const booking = got.booking;
        if (keep && booking) void device().then((d) => d.rememberBooking(booking));
      },
    );
  }

  async function lookupPhone(shown: string): Promise<Extract<Result, { kind: 'subscriber' }> | string> {
    const phoneNumber = normalisePhone(phoneForLookup(shown));
    if (!phoneNumber) return msg.phoneInvalid;
    const bookings = await unwrap(
      client.api.bookings['track-by-phone'][':phone'].$get({ param: { phone: phoneNumber } }),
    );
    if (!bookings.length) return msg.noSubscriberBookings;
    return { kind: 'subscriber', customer: { name: bookings[0].customerName, phone: phoneNumber }, bookings };
  }

  async function searchPhone(shown: string) {
    await run(
      () => lookupPhone(shown),
      TEXT.phoneLookupFailed,
      () => syncQuery(null),
    );
  }

  async function refresh(current: Extract<Result, { kind: 'subscriber' }>) {
    setRefreshing(true);
    try {
      const found = await lookupPhone(current.customer.phone);
      if (typeof found === 'string') throw new Error(found);
      setResult(found);
      toast('success', 'Rezervasyonlar güncellendi');
    } catch {
      toast('error', TEXT.refreshFailed);
    } finally {
      setRefreshing(false);
    }
  }

  function newSearch() {
    setAsked(null);
    setResult(null);
    setError(null);
    setNumber('');
    setPhone('');
    syncQuery(null);
    requestAnimationFrame(() => formRef.current?.querySelector<HTMLInputElement>('[role=tabpanel] input')?.focus());
  }

  async function copy(bookingNumber: string) {
    try {
      await navigator.clipboard.writeText(bookingNumber);
      toast('success', TEXT.copied);
    } catch {
      // A copy failure is silent (behaviour.md#error-messages).
    }
  }

  async function cancel(booking: TrackedBooking, reason: string) {
    try {
      const updated = await unwrap(
        client.api.bookings.cancel[':bookingNumber'].$post({
          param: { bookingNumber: booking.bookingNumber },
          json: reason ? { reason } : {},
        }),
      );
      // After a successful cancel the booking shows as cancelled locally (behaviour.md#states-and-transitions).
      setResult((r) => ({
        kind: 'booking',
        from: r?.kind === 'booking' ? r.from : undefined,
        booking: {
          ...booking,
          status: 'cancelled',
          paymentStatus: updated?.paymentStatus ?? booking.paymentStatus,
          cancellationReason: updated?.cancellationReason ?? (reason || booking.cancellationReason),
        },
      }));
      setCancelOpen(false);
      toast('success', TEXT.cancelled);
    } catch (e) {
      setCancelOpen(false);
      const message = e instanceof ApiRequestError ? e.message : '';
      if (isAlreadyProcessed(message)) {
        toast('warning', TEXT.alreadyProcessed, undefined, RELOAD_DELAY_MS + 3000);
        window.setTimeout(() => window.location.reload(), RELOAD_DELAY_MS);
        return;
      }
      toast('error', serverText(e, TEXT.cancelFailed));
    }
  }

  useEffect(() => {
    const el = formRef.current;
    if (!el) return;
    const events = ['pointerover', 'touchstart', 'focusin'] as const;
    for (const e of events) el.addEventListener(e, prefetchResults, { once: true, passive: true });
    return () => {
      for (const e of events) el.removeEventListener(e, prefetchResults);
    };
  }, []);

  // A booking on screen may be cancelled: the dialog's code comes along before the button is pressed, and the dialog
  // is then mounted closed, so pressing it opens at once.
  const [CancelDialog, setCancelDialog] = useState<CancelDialogType | null>(null);
  useEffect(() => {
    if (result?.kind !== 'booking' || CancelDialog) return;
    loadCancelDialog().then(
      (m) => setCancelDialog(() => m.CancelDialog),
      () => {},
    );
  }, [result, CancelDialog]);

  // A booking number in ?q= is searched at once (behaviour.md#public-site; the panel's customer history links use it,
  // on staff's devices, so it does not join this device's list); else the number handed over in this tab (a link from
  // the confirmation or 'Rezervasyonlarım', or the booking shown before a reload).
  // biome-ignore lint/correctness/useExhaustiveDependencies: the number is searched once, on mount
  useEffect(() => {
    const q = initialQuery ?? new URLSearchParams(window.location.search).get('q');
    if (q?.trim()) void searchNumber(q, undefined, false);
    else if (handedOver()) {
      void device().then((d) => {
        const handed = d.trackedHere();
        // Kept again once found: a number that no longer opens a booking is not searched on every reload.
        d.clearTrackedHere();
        if (handed) void searchNumber(handed);
      });
    }
  }, []);

  // biome-ignore lint/correctness/useExhaustiveDependencies: focus moves when a different result arrives, not on every re-render of the same one
  useEffect(() => {
    if (result) resultRef.current?.focus();
  }, [result?.kind, result?.kind === 'booking' ? result.booking.bookingNumber : null]);

  function submit(e: FormEvent) {
    e.preventDefault();
    if (searching) return;
    if (mode === 'number' && number.trim()) void searchNumber(number, asked?.from);
    if (mode === 'phone' && phone.trim()) void searchPhone(phone);
  }

  /** One tab's search form: its fields, then the search button (beside them from sm up). */
  const searchPanel = (id: Mode, label: string, empty: boolean, fields: ReactNode) => (
    <TabPanel id={id} className="mt-5">
      <form
        onSubmit={submit}
        className="flex flex-col gap-3 sm:flex-row sm:items-start"
        role="search"
        aria-label={label}
      >
        <div className="flex-1">{fields}</div>
        <Button type="submit" size="lg" className="sm:mt-6 sm:self-start" isDisabled={empty || searching}>
          <SearchIcon /> {searching ? 'Aranıyor...' : 'Sorgula'}
        </Button>
      </form>
    </TabPanel>
  );

  return (
    <div className="space-y-8">
      <div
        ref={formRef}
        className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6 dark:border-slate-700 dark:bg-slate-900"
      >
        <Tabs
          selectedKey={mode}
          onSelectionChange={(key) => {
            setMode(key as Mode);
            setError(null);
          }}
        >
          <TabList aria-label="Arama türü">
            <Tab id="number">Rezervasyon No</Tab>
            <Tab id="phone">Abone Takibi</Tab>
          </TabList>
          {searchPanel(
            'number',
            'Rezervasyon numarası ile ara',
            !number.trim(),
            <>
              <TextField
                label="Rezervasyon numarası"
                description="Rezervasyon onay ekranında verilen HSR ile başlayan 12 karakterlik numara"
                placeholder="HSR…"
                value={number}
                onChange={(v) => setNumber(compactBookingNumber(v))}
                autoComplete="off"
                spellCheck="false"
              />
              {asked && (
                <p role="status" className="mt-2 text-sm text-slate-700 dark:text-slate-300" data-number-asked>
                  Ayrıntılar ve iptal için <span className="font-mono font-semibold">{asked.masked}</span>{' '}
                  rezervasyonunuzun numarasının tamamını girin (onay ekranında ve size iletilen mesajda yer alır).
                </p>
              )}
            </>,
          )}
          {searchPanel(
            'phone',
            'Abone telefon numarası ile ara',
            !phone.trim(),
            <>
              <TextField
                label="Telefon numarası"
                description="Abone kaydınızdaki cep telefonu numarası"
                placeholder="05XX XXX XX XX"
                type="tel"
                inputMode="numeric"
                autoComplete="tel-national"
                value={phone}
                onChange={(v) => setPhone(displayPhone(v))}
              />
              <p className="mt-2 text-xs text-slate-600 dark:text-slate-300" data-privacy-note>
                Telefon numaranız rezervasyonunuzu yönetmek için işlenir —{' '}
                <a
                  href="/aydinlatma-metni"
                  className="font-semibold text-turf-800 underline underline-offset-2 dark:text-turf-300"
                >
                  Aydınlatma Metni
                </a>
              </p>
            </>,
          )}
        </Tabs>
      </div>

      <div ref={resultRef} tabIndex={-1} aria-busy={searching} className="outline-none" data-tracking-result>
        {error && (
          <div
            role="alert"
            className="flex items-start gap-3 rounded-2xl border border-red-300 bg-red-50 p-4 text-red-900 dark:border-red-800 dark:bg-red-950 dark:text-red-100"
          >
            <AlertIcon className="mt-0.5 h-5 w-5" />
            <p className="font-medium">{error}</p>
          </div>
        )}
        {searching && !result && (
          <p
            role="status"
            className="animate-pulse rounded-2xl border border-slate-200 p-6 text-slate-700 dark:border-slate-700 dark:text-slate-300"
          >
            Aranıyor...
          </p>
        )}
        <Suspense fallback={resultFallback}>
          {result?.kind === 'booking' && (
            <div className="space-y-4">
              {result.from && (
                <Button
                  variant="ghost"
                  size="sm"
                  onPress={() => {
                    setResult(result.from!);
                    syncQuery(null);
                  }}
                >
                  ← Abone rezervasyonlarına dön
                </Button>
              )}
              <BookingDetails
                booking={result.booking}
                cancelWindowHours={cancelWindowHours}
                onCopy={() => copy(result.booking.bookingNumber)}
                onNewSearch={newSearch}
                onCancel={() => setCancelOpen(true)}
              />
              {CancelDialog && (
                <CancelDialog
                  bookingNumber={result.booking.bookingNumber}
                  cancelWindowHours={cancelWindowHours}
                  isOpen={cancelOpen}
                  onOpenChange={setCancelOpen}
                  onConfirm={(reason: string) => cancel(result.booking, reason)}
                />
              )}
            </div>
          )}
          {result?.kind === 'subscriber' && (
            <SubscriberView
              customer={result.customer}
              bookings={result.bookings}
              refreshing={refreshing}
              onRefresh={() => refresh(result)}
              onNewSearch={newSearch}
              onOpen={(b) => {
                // A phone alone never opens a booking: details and cancelling need its full number.
                setAsked({ masked: b.bookingNumberMasked, from: result });
                setNumber('');
                setError(null);
                setMode('number');
                requestAnimationFrame(() =>
                  formRef.current?.querySelector<HTMLInputElement>('[role=tabpanel] input')?.focus(),
                );
              }}
            />
          )}
        </Suspense>
      </div>
      <Toasts />
    </div>
  );
}
