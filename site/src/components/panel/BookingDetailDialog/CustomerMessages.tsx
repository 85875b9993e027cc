// The detail dialog's 'Müşteriye WhatsApp' section (docs/behaviour.md#bookings 'Messages to the customer'): the
// messages that fit the booking now, each a link that opens WhatsApp with the text typed for the customer's phone.
// Opening one is written to the booking's history; staff still press send in WhatsApp.
import { useEffect, useState } from 'react';
import type { CustomerMessage } from '../../../../../contracts/customer-messages';
import { client, unwrap } from '../../../lib/api';
import { buttonBase, buttonSizes, buttonVariants } from '../../ui/button-styles';
import { focusRing } from '../../ui/focus';
import { PhoneIcon } from '../../ui/icons';
import type { BookingDetail } from './model';

interface MessageWire {
  kind: CustomerMessage;
  label: string;
  text: string;
  href: string;
}

export const MESSAGES_FAILED = 'Mesajlar yüklenemedi';
const link = `${buttonBase} ${buttonSizes.sm} ${buttonVariants('native').secondary}`;

interface Props {
  booking: BookingDetail;
  /** The booking re-read after the history row was written. */
  onOpened: (b: BookingDetail, message: string) => void;
}

export function CustomerMessages({ booking, onOpened }: Props) {
  const [messages, setMessages] = useState<MessageWire[] | null>(null);
  const [failed, setFailed] = useState(false);
  const id = booking.documentId;

  // Read again whenever the booking changes: which messages fit follows its status and money.
  // biome-ignore lint/correctness/useExhaustiveDependencies: status and updatedAt are the booking's change
  useEffect(() => {
    let live = true;
    setFailed(false);
    unwrap(client.api.bookings[':id'].messages.$get({ param: { id } }))
      .then((list) => live && setMessages(list as MessageWire[]))
      .catch(() => live && setFailed(true));
    return () => {
      live = false;
    };
  }, [id, booking.status, booking.updatedAt]);

  if (failed) {
    return (
      <p role="alert" className="text-sm font-medium text-red-700 dark:text-red-300">
        {MESSAGES_FAILED}
      </p>
    );
  }
  if (!messages || messages.length === 0) return null;

  const opened = (kind: CustomerMessage, label: string) => {
    // keepalive: WhatsApp may take the page's place on a phone while this is on its way.
    unwrap(client.api.bookings[':id'].messages[':kind'].$post({ param: { id, kind } }, { init: { keepalive: true } }))
      .then(() => unwrap(client.api.bookings[':id'].$get({ param: { id } })))
      .then((b) => onOpened(b, `WhatsApp açıldı: ${label}`))
      .catch(() => {});
  };

  return (
    <section
      aria-labelledby="booking-messages"
      data-customer-messages
      className="min-w-0 rounded-xl border border-slate-200 p-4 dark:border-slate-700"
    >
      <h3
        id="booking-messages"
        className="flex items-center gap-2 text-sm font-semibold text-slate-700 dark:text-slate-300"
      >
        <PhoneIcon aria-hidden="true" />
        Müşteriye WhatsApp
      </h3>
      <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">
        Mesaj WhatsApp'ta hazır açılır; göndermek için WhatsApp'ta gönder'e basın.
      </p>
      <ul className="mt-3 space-y-3">
        {messages.map((m) => (
          <li key={m.kind} className="min-w-0" data-message={m.kind}>
            <a
              href={m.href}
              target="_blank"
              rel="noopener noreferrer"
              className={link}
              onClick={() => opened(m.kind, m.label)}
              data-whatsapp
            >
              WhatsApp: {m.label}
            </a>
            <details className="mt-1 text-sm">
              <summary
                className={`cursor-pointer rounded text-slate-700 underline-offset-2 hover:underline dark:text-slate-300 ${focusRing}`}
              >
                Mesajı göster
              </summary>
              <p className="mt-1 whitespace-pre-line rounded-lg bg-slate-50 p-2 text-slate-800 [overflow-wrap:anywhere] dark:bg-slate-800 dark:text-slate-100">
                {m.text}
              </p>
            </details>
          </li>
        ))}
      </ul>
    </section>
  );
}
