import { useEffect, useRef } from 'react';
import {
  type SubscriptionConflictWire,
  type SubscriptionDateWire,
  type SubscriptionPartialWire,
  subscriptionMsg,
} from '../../../../../contracts/subscriptions';
import type { SubscriptionFailure } from '../../../stores/subscription-form';
import { Button } from '../../ui/Button';
import { AlertIcon, InfoIcon } from '../../ui/icons';
import { shortDate } from './rules';

/** behaviour.md#error-messages: the error card hides itself after 10 s. */
export const ERROR_CARD_MS = 10_000;

function DateList({ title, dates, kind }: { title: string; dates: SubscriptionDateWire[]; kind: string }) {
  if (dates.length === 0) return null;
  return (
    <div>
      <h4 className="text-sm font-semibold">{title}</h4>
      <ul className="mt-1 space-y-0.5 text-sm" data-dates={kind}>
        {dates.map((d) => (
          <li key={d.date} className="break-words">
            <span className="tabular-nums">{shortDate(d.date)}</span> {d.day}
            {'reason' in d && (
              <>
                {' '}
                – {(d as SubscriptionConflictWire).reason}
                {(d as SubscriptionConflictWire).currentCustomer
                  ? ` (${(d as SubscriptionConflictWire).currentCustomer})`
                  : ''}
              </>
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}

/** behaviour.md#states-and-transitions step 2: some weeks are not free; continue for the free ones (confirmPartial) or give up. */
export function PartialCard({
  answer,
  busy,
  onConfirm,
  onCancel,
}: {
  answer: SubscriptionPartialWire;
  busy: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  return (
    <section
      aria-labelledby="partial-title"
      data-partial
      className="space-y-3 rounded-2xl border border-amber-400 bg-amber-50 p-4 text-amber-950 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-50"
    >
      <h3 id="partial-title" className="flex items-center gap-2 font-semibold">
        <InfoIcon className="h-5 w-5" /> Kısmi müsaitlik
      </h3>
      <p role="status">{answer.message}</p>
      <dl className="grid grid-cols-3 gap-2 text-center text-sm">
        <div>
          <dt>İstenen</dt>
          <dd className="text-lg font-bold tabular-nums" data-requested>
            {answer.requestedWeeks} hafta
          </dd>
        </div>
        <div>
          <dt>Müsait</dt>
          <dd className="text-lg font-bold tabular-nums" data-available>
            {answer.availableWeeks} hafta
          </dd>
        </div>
        <div>
          <dt>Başarı oranı</dt>
          <dd className="text-lg font-bold tabular-nums" data-rate>
            %{answer.successRate}
          </dd>
        </div>
      </dl>
      <DateList title="Müsait tarihler" dates={answer.availableDates} kind="available" />
      <DateList title="Dolu tarihler" dates={answer.conflictedDates} kind="conflicted" />
      <DateList title="Slotu olmayan tarihler" dates={answer.nonExistentDates} kind="missing" />
      <div className="flex flex-wrap gap-2">
        <Button isDisabled={busy} onPress={onConfirm}>
          Müsait haftalar için devam et
        </Button>
        <Button variant="secondary" isDisabled={busy} onPress={onCancel}>
          Vazgeç
        </Button>
      </div>
    </section>
  );
}

/** behaviour.md#error-messages: the red error card with the dates that stood in the way; 'Tamam' closes it, and it leaves after 10 s. */
export function ErrorCard({ error, onClose }: { error: SubscriptionFailure; onClose: () => void }) {
  // Ten seconds after this error appeared, however often the form around it renders meanwhile (a new onClose each
  // render must not restart the count).
  const close = useRef(onClose);
  close.current = onClose;
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new error restarts the ten seconds
  useEffect(() => {
    const timer = setTimeout(() => close.current(), ERROR_CARD_MS);
    return () => clearTimeout(timer);
  }, [error]);
  return (
    <section
      role="alert"
      data-error-card
      className="space-y-3 rounded-2xl border border-red-300 bg-red-50 p-4 text-red-950 dark:border-red-800 dark:bg-red-950 dark:text-red-50"
    >
      <h3 className="flex items-center gap-2 font-semibold">
        <AlertIcon className="h-5 w-5" /> {subscriptionMsg.notCreated}
      </h3>
      <p className="break-words">{error.message}</p>
      <DateList title="Dolu tarihler" dates={error.conflictedDates} kind="conflicted" />
      <DateList title="Slotu olmayan tarihler" dates={error.nonExistentDates} kind="missing" />
      <Button variant="secondary" size="sm" onPress={onClose}>
        Tamam
      </Button>
    </section>
  );
}
