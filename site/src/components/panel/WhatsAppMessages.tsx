// The 'Müşteriye WhatsApp' section of a booking's detail and a subscriber's page (docs/behaviour.md#bookings
// 'Messages to the customer'): the messages that fit now, each a link that opens WhatsApp with the text typed for the
// customer's phone. Opening one is recorded (keepalive: WhatsApp may take the page's place on a phone); staff still
// press send in WhatsApp.
import { useEffect, useId, useState } from 'react';
import { buttonBase, buttonSizes, buttonVariants } from '../ui/button-styles';
import { focusRing } from '../ui/focus';
import { PhoneIcon } from '../ui/icons';

export interface MessageWire<K extends string = string> {
  kind: K;
  label: string;
  text: string;
  /** https://wa.me/<phone>?text=…: opens the chat with the message typed. */
  href: string;
}

export const MESSAGES_FAILED = 'Mesajlar yüklenemedi';
const link = `${buttonBase} ${buttonSizes.sm} ${buttonVariants('native').secondary}`;

interface Props<K extends string> {
  /** Reads the messages; read again whenever `version` changes. */
  read: () => Promise<MessageWire<K>[]>;
  version: string;
  /** Records that staff opened one (the section does not wait for it). */
  onOpen: (m: MessageWire<K>) => void;
}

export function WhatsAppMessages<K extends string>({ read, version, onOpen }: Props<K>) {
  const [messages, setMessages] = useState<MessageWire<K>[] | null>(null);
  const [failed, setFailed] = useState(false);
  const titleId = useId();

  // biome-ignore lint/correctness/useExhaustiveDependencies: `version` names the change that calls for a new read
  useEffect(() => {
    let live = true;
    setFailed(false);
    read()
      .then((list) => live && setMessages(list))
      .catch(() => live && setFailed(true));
    return () => {
      live = false;
    };
  }, [version]);

  if (failed) {
    return (
      <p role="alert" className="text-sm font-medium text-red-700 dark:text-red-300">
        {MESSAGES_FAILED}
      </p>
    );
  }
  if (!messages || messages.length === 0) return null;
  return (
    <section
      aria-labelledby={titleId}
      data-customer-messages
      className="min-w-0 rounded-xl border border-slate-200 p-4 dark:border-slate-700"
    >
      <h3 id={titleId} className="flex items-center gap-2 text-sm font-semibold text-slate-700 dark:text-slate-300">
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
              onClick={() => onOpen(m)}
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
