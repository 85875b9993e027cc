import { balanceAtPitch, type DepositFacts, depositDue, holdUntilText } from '../../lib/deposit';
import { tl } from '../../lib/format';
import { CopyButton } from './CopyButton';

/** TR12 3456 … for reading; the copy button copies the bare IBAN. */
export const groupedIban = (iban: string) =>
  iban
    .replace(/\s+/g, '')
    .replace(/(.{4})/g, '$1 ')
    .trim();

export interface DepositBooking extends DepositFacts {
  bookingNumber: string;
  expiresAt?: string | null;
  facility: { bankName: string | null; recipientName: string | null; depositIban: string | null };
}

/**
 * The deposit box of the confirmation and of tracking (behaviour.md#public-site 'Tracking'), shown while a deposit is
 * due: the amount, where to send it (bank, recipient, IBAN with copy), the booking number to type as the transfer's
 * description (with copy), until when the hold lasts as a clock time, and what is left to pay at the pitch.
 */
export function DepositBox({ booking: b, now }: { booking: DepositBooking; now?: number }) {
  if (!depositDue(b)) return null;
  const iban = b.facility.depositIban?.replace(/\s+/g, '') ?? '';
  const until = holdUntilText(b.expiresAt, now);
  const rest = balanceAtPitch(b);
  return (
    <section
      aria-labelledby="deposit-heading"
      className="rounded-xl border border-amber-400 bg-amber-50 p-5 text-amber-950 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-50"
      data-deposit
    >
      <h3 id="deposit-heading" className="text-lg font-bold">
        Kapora: {tl(b.depositAmount)}
      </h3>
      <p className="mt-1 text-sm">
        Kaporayı aşağıdaki hesaba havale/EFT ile gönderin; açıklamaya rezervasyon numaranızı yazın.
      </p>
      <dl className="mt-3 space-y-2 text-sm">
        <div>
          <dt className="font-medium">Banka</dt>
          <dd className="[overflow-wrap:anywhere]">{b.facility.bankName ?? '—'}</dd>
        </div>
        <div>
          <dt className="font-medium">Alıcı</dt>
          <dd className="[overflow-wrap:anywhere]">{b.facility.recipientName ?? '—'}</dd>
        </div>
        <div>
          <dt className="font-medium">IBAN</dt>
          <dd className="flex flex-wrap items-center gap-2">
            <span className="font-mono text-base font-semibold break-all" data-iban>
              {iban ? groupedIban(iban) : '—'}
            </span>
            {iban && <CopyButton text={iban} label="IBAN'ı kopyala" />}
          </dd>
        </div>
        <div>
          <dt className="font-medium">Açıklama</dt>
          <dd className="flex flex-wrap items-center gap-2">
            <span className="font-mono text-base font-semibold break-all" data-transfer-description>
              {b.bookingNumber}
            </span>
            <CopyButton text={b.bookingNumber} label="Açıklamayı kopyala" />
          </dd>
        </div>
      </dl>
      <ul className="mt-3 space-y-1 text-sm">
        {until && (
          <li data-hold-until>
            <strong>{until}</strong> onaylanmazsa rezervasyonun süresi dolar ve saat yeniden açılır.
          </li>
        )}
        <li data-balance>
          Kalan <strong>{tl(rest)}</strong> sahada ödenir.
        </li>
      </ul>
    </section>
  );
}
