import { useState } from 'react';
import { cancelRuleText } from '../../../../contracts/cancel-window';
import { Button } from '../ui/Button';
import { Modal } from '../ui/Modal';
import { TextField } from '../ui/TextField';

interface CancelDialogProps {
  bookingNumber: string;
  isOpen: boolean;
  onOpenChange: (open: boolean) => void;
  /** Resolves once the outcome has been handled; the dialog stays busy until then. */
  onConfirm: (reason: string) => Promise<void>;
  confirmLabel?: string;
  cancelLabel?: string;
  /** The cancel window the server applies (24 h by default). */
  cancelWindowHours?: number;
}

/**
 * The cancel confirmation of the tracking page. behaviour.md#constants-and-limits's confirm defaults 'Onayla' / 'İptal' are ambiguous when the action
 * itself is a cancel: the buttons say 'Vazgeç' and 'Evet, iptal et'.
 */
export function CancelDialog({
  bookingNumber,
  isOpen,
  onOpenChange,
  onConfirm,
  confirmLabel = 'Evet, iptal et',
  cancelLabel = 'Vazgeç',
  cancelWindowHours = 24,
}: CancelDialogProps) {
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);

  async function confirm() {
    setBusy(true);
    try {
      await onConfirm(reason.trim());
    } finally {
      setBusy(false);
      setReason('');
    }
  }

  return (
    <Modal
      title="Rezervasyonu iptal et"
      role="alertdialog"
      isOpen={isOpen}
      onOpenChange={(open) => !busy && onOpenChange(open)}
      isDismissable={!busy}
      footer={
        <>
          <Button variant="secondary" onPress={() => onOpenChange(false)} isDisabled={busy}>
            {cancelLabel}
          </Button>
          <Button variant="danger" onPress={confirm} isDisabled={busy} data-confirm>
            {busy ? 'İptal ediliyor...' : confirmLabel}
          </Button>
        </>
      }
    >
      <p>
        <strong className="font-mono">{bookingNumber}</strong> numaralı rezervasyonunuzu iptal etmek istediğinize emin
        misiniz? Bu işlem geri alınamaz.
      </p>
      <p className="mt-2 text-sm text-slate-700 dark:text-slate-300">{cancelRuleText(cancelWindowHours)}</p>
      <div className="mt-4">
        <TextField
          label="İptal nedeni (isteğe bağlı)"
          multiline
          value={reason}
          onChange={setReason}
          maxLength={500}
          isDisabled={busy}
        />
      </div>
    </Modal>
  );
}
