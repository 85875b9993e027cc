import { useState } from 'react';
import type { ShareWire } from '../../../../contracts/match-share';
import { client, unwrap } from '../../lib/api';
import { messageOf } from '../../lib/errors';
import { Icon } from '../ui/icons';
import { Action, action } from './Action';
import { CopyButton } from './CopyButton';

/** The facts ShareMatch needs of a booking: its number (sent to the server only) and whether it is still on. */
export interface ShareableBooking {
  bookingNumber: string;
  status: string;
  date: string;
  startTime: string;
  startsAt?: string | null;
}

/** Pending or approved and not yet started: only such a match is shared (the server says the same). */
export function isShareable(b: ShareableBooking, now = Date.now()): boolean {
  if (b.status !== 'pending' && b.status !== 'approved') return false;
  const own = b.startsAt ? Date.parse(b.startsAt) : Number.NaN;
  const start = Number.isFinite(own) ? own : Date.parse(`${b.date}T${b.startTime.slice(0, 5)}:00+03:00`);
  return start > now;
}

/** WhatsApp's click-to-chat share: no phone number, the player picks the chat. */
export const whatsAppShareUrl = (message: string) => `https://wa.me/?text=${encodeURIComponent(message)}`;

const ShareIcon = () => (
  <Icon>
    <circle cx="18" cy="5" r="3" />
    <circle cx="6" cy="12" r="3" />
    <circle cx="18" cy="19" r="3" />
    <path d="M8.6 13.5l6.8 4M15.4 6.5l-6.8 4" />
  </Icon>
);

/**
 * 'Takıma gönder' (behaviour.md#public-site 'Match page'): asks the server for the read-only match page's address (the booking number
 * proves the booking and never leaves this device), then opens the system share sheet where the browser has one. The
 * WhatsApp link and 'Bağlantıyı kopyala' show after the first press, for browsers without a share sheet and for a
 * second chat. Nothing for a booking that is no longer on.
 */
export function ShareMatch({ booking, className = 'mt-6' }: { booking: ShareableBooking; className?: string }) {
  const [share, setShare] = useState<ShareWire | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  if (!isShareable(booking)) return null;

  async function press() {
    setError(null);
    let answer = share;
    if (!answer) {
      setBusy(true);
      try {
        answer = await unwrap(
          client.api.bookings.track[':bookingNumber'].share.$post({ param: { bookingNumber: booking.bookingNumber } }),
        );
        setShare(answer);
      } catch (e) {
        setError(messageOf(e, 'Paylaşım bağlantısı alınamadı'));
        return;
      } finally {
        setBusy(false);
      }
    }
    if (typeof navigator.share !== 'function') return;
    try {
      await navigator.share({ title: answer.title, text: answer.text, url: answer.url });
    } catch {
      // Closed by the player, or refused by the browser: the WhatsApp link and the copy stay on screen.
    }
  }

  return (
    <div className={`rounded-xl border border-slate-200 p-4 dark:border-slate-700 ${className}`} data-share-match>
      <div className="flex flex-wrap items-center gap-3">
        <Action variant="primary" onClick={press} pending={busy} data-share-button>
          <ShareIcon />
          Takıma gönder
        </Action>
        <p className="min-w-0 flex-1 text-sm text-slate-600 dark:text-slate-300">
          Takımınız maçın yerini ve saatini görür; rezervasyon numaranız paylaşılmaz.
        </p>
      </div>
      {error && (
        <p role="alert" className="mt-3 text-sm font-medium text-red-800 dark:text-red-200">
          {error}
        </p>
      )}
      {share && (
        <div className="mt-3 flex flex-wrap items-center gap-2" data-share-links>
          <a
            href={whatsAppShareUrl(share.message)}
            target="_blank"
            rel="noopener noreferrer"
            className={action('secondary', 'sm')}
            data-share-whatsapp
          >
            WhatsApp ile gönder<span className="sr-only"> (yeni sekmede açılır)</span>
          </a>
          <CopyButton text={share.url} label="Bağlantıyı kopyala" />
          <span
            className="min-w-0 basis-full font-mono text-xs break-all text-slate-600 dark:text-slate-300"
            data-share-url
          >
            {share.url}
          </span>
        </div>
      )}
    </div>
  );
}
