import { useState } from 'react';
import { msg } from '../../../../../contracts/messages';
import { APPROVE_NOTE_MAX, REJECT_REASON_MAX } from '../../../../../contracts/panel';
import { Button } from '../../ui/Button';
import { CheckIcon, XIcon } from '../../ui/icons';
import { TextField } from '../../ui/TextField';
import type { Busy } from './model';

interface ActionsProps {
  notes: string;
  onNotes: (v: string) => void;
  reason: string;
  onReason: (v: string) => void;
  reasonError: string | null;
  busy: Busy;
  onApprove: () => void;
  onReject: () => void;
}

/** Approve takes an optional note; reject needs a reason, and its button stays disabled while the reason is blank (behaviour.md#validation). */
export function Actions({ notes, onNotes, reason, onReason, reasonError, busy, onApprove, onReject }: ActionsProps) {
  return (
    <section
      aria-label="Onay işlemleri"
      className="grid gap-4 rounded-xl border border-slate-200 p-4 sm:grid-cols-2 dark:border-slate-700"
    >
      <div className="flex flex-col gap-3">
        <TextField
          label="Onay notu (isteğe bağlı)"
          multiline
          value={notes}
          onChange={onNotes}
          maxLength={APPROVE_NOTE_MAX}
          isDisabled={busy !== null}
          errorMessage={notes.trim().length > APPROVE_NOTE_MAX ? msg.approveNoteTooLong : null}
        />
        <Button onPress={onApprove} isDisabled={busy !== null} className="self-start">
          <CheckIcon /> {busy === 'approve' ? 'Onaylanıyor...' : 'Onayla'}
        </Button>
      </div>
      <div className="flex flex-col gap-3">
        <TextField
          label="Red sebebi"
          multiline
          isRequired
          value={reason}
          onChange={onReason}
          maxLength={REJECT_REASON_MAX}
          isDisabled={busy !== null}
          errorMessage={reasonError}
          description="Reddetmek için sebep yazın."
        />
        <Button variant="danger" onPress={onReject} isDisabled={busy !== null || !reason.trim()} className="self-start">
          <XIcon /> {busy === 'reject' ? 'Reddediliyor...' : 'Reddet'}
        </Button>
      </div>
    </section>
  );
}

/**
 * An approved booking still ahead can be cancelled by staff: the reason is pre-filled with behaviour.md#states-and-transitions's
 * 'Randevu iptal edildi' and a confirmation step comes first; the server files it under İptal, frees the slot and
 * refunds a paid deposit.
 */
export function CancelApproved({
  busy,
  reasonError,
  onCancel,
}: {
  busy: Busy;
  reasonError: string | null;
  onCancel: (reason: string) => void;
}) {
  const [why, setWhy] = useState<string>(msg.adminCancelReason);
  const [confirming, setConfirming] = useState(false);
  return (
    <section
      aria-label="İptal işlemi"
      className="flex flex-col gap-3 rounded-xl border border-slate-200 p-4 dark:border-slate-700"
    >
      <TextField
        label="İptal sebebi"
        multiline
        isRequired
        value={why}
        onChange={setWhy}
        maxLength={REJECT_REASON_MAX}
        isDisabled={busy !== null}
        errorMessage={reasonError}
      />
      {confirming ? (
        <div
          role="group"
          aria-label="İptali onayla"
          className="flex flex-col gap-2 rounded-lg bg-red-50 p-3 dark:bg-red-950"
        >
          <p className="text-sm font-semibold text-red-900 dark:text-red-100">
            Rezervasyon iptal edilecek ve saat boşa çıkacak. Emin misiniz?
          </p>
          <div className="flex flex-wrap gap-2">
            <Button variant="secondary" onPress={() => setConfirming(false)} isDisabled={busy !== null}>
              Vazgeç
            </Button>
            <Button variant="danger" onPress={() => onCancel(why)} isDisabled={busy !== null || !why.trim()}>
              <XIcon /> {busy === 'cancel' ? 'İptal ediliyor...' : 'Evet, iptal et'}
            </Button>
          </div>
        </div>
      ) : (
        <Button
          variant="danger"
          onPress={() => setConfirming(true)}
          isDisabled={busy !== null || !why.trim()}
          className="self-start"
        >
          <XIcon /> Rezervasyonu İptal Et
        </Button>
      )}
    </section>
  );
}
