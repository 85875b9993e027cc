import { useState } from 'react';
import { facilityMsg } from '../../../../../contracts/facility-form';
import type { ActiveBookingWire } from '../../../../../contracts/wire/active-bookings';
import type { FacilityWire } from '../../../../../contracts/wire/facility';
import { client, unwrap } from '../../../lib/api';
import { ApiRequestError } from '../../../lib/errors';
import {
  DELETE_FAILED,
  type DepositChoice,
  deleteFacility,
  failureOr,
  setFacilityActive,
} from '../../../stores/panel-facilities';
import { toast } from '../../../stores/toast';
import { Button } from '../../ui/Button';
import { AlertIcon, TrashIcon } from '../../ui/icons';
import { Modal } from '../../ui/Modal';
import { Radio, RadioGroup } from '../../ui/RadioGroup';
import { ActiveBookingsList } from './ActiveBookingsList';
import { PowerIcon } from './icons';

/** What becomes of the deposits already received on the bookings a forced delete cancels. */
const DEPOSIT_CHOICES: { id: DepositChoice | 'later'; label: string }[] = [
  { id: 'refund', label: 'İade edilecek' },
  { id: 'keep', label: 'Tutulacak' },
  { id: 'later', label: 'Sonra karar verilecek' },
];

interface Conflict {
  message: string;
  activeBookings: number | null;
  isActive: boolean;
}

type Busy = 'delete' | 'force' | 'deactivate' | null;

/**
 * Deleting a pitch (behaviour.md#states-and-transitions): a confirmation; when the server refuses because of active bookings ('aktif randevu'), a
 * forced delete that cancels them, or deactivating the pitch instead while it is active.
 */
export function DeleteFacilityDialog({
  facility,
  onClose,
}: {
  facility: Pick<FacilityWire, 'documentId' | 'name' | 'isActive'>;
  onClose: () => void;
}) {
  const [conflict, setConflict] = useState<Conflict | null>(null);
  const [busy, setBusy] = useState<Busy>(null);
  // The bookings a forced delete would cancel: null while read (or when the list could not be read).
  const [active, setActive] = useState<ActiveBookingWire[] | null>(null);
  const [listFailed, setListFailed] = useState(false);
  const [deposit, setDeposit] = useState<DepositChoice | 'later'>('later');
  const received = (active ?? []).filter((b) => b.collected > 0);

  async function readActive() {
    setListFailed(false);
    try {
      setActive(
        await unwrap(client.api.facilities[':ref']['active-bookings'].$get({ param: { ref: facility.documentId } })),
      );
    } catch {
      setListFailed(true);
    }
  }

  async function remove(force: boolean) {
    setBusy(force ? 'force' : 'delete');
    try {
      const decided = force && received.length > 0 && deposit !== 'later' ? deposit : undefined;
      const done = await deleteFacility(facility, force, decided);
      const cancelled = done?.cancelledBookings ?? 0;
      toast('success', facilityMsg.deleted, cancelled > 0 ? `${cancelled} randevu iptal edildi` : undefined);
      onClose();
    } catch (e) {
      if (!force && e instanceof ApiRequestError && e.message.includes('aktif randevu')) {
        const d = e.details as { activeBookings?: unknown; isActive?: unknown };
        setConflict({
          message: e.message,
          activeBookings: typeof d.activeBookings === 'number' ? d.activeBookings : null,
          isActive: typeof d.isActive === 'boolean' ? d.isActive : facility.isActive,
        });
        void readActive();
      } else toast('error', failureOr(e, DELETE_FAILED));
    } finally {
      setBusy(null);
    }
  }

  async function deactivate() {
    setBusy('deactivate');
    const ok = await setFacilityActive(facility, false);
    setBusy(null);
    if (ok) onClose();
  }

  const n = conflict?.activeBookings;
  return (
    <Modal
      isOpen
      role="alertdialog"
      title="Sahayı Sil"
      isDismissable={!busy}
      onOpenChange={(open) => {
        if (!open && !busy) onClose();
      }}
      footer={
        <>
          <Button variant="secondary" onPress={onClose} isDisabled={busy !== null}>
            İptal
          </Button>
          {conflict ? (
            <>
              {conflict.isActive && (
                <Button variant="secondary" onPress={() => void deactivate()} isDisabled={busy !== null}>
                  <PowerIcon /> {busy === 'deactivate' ? 'Kaydediliyor...' : 'Pasif Yap'}
                </Button>
              )}
              <Button variant="danger" onPress={() => void remove(true)} isDisabled={busy !== null}>
                <TrashIcon /> {busy === 'force' ? 'Siliniyor...' : 'Zorla Sil'}
              </Button>
            </>
          ) : (
            <Button variant="danger" onPress={() => void remove(false)} isDisabled={busy !== null}>
              <TrashIcon /> {busy === 'delete' ? 'Siliniyor...' : 'Sil'}
            </Button>
          )}
        </>
      }
    >
      <p className="[overflow-wrap:anywhere] text-slate-800 dark:text-slate-200">
        <strong>{facility.name}</strong> sahasını silmek istediğinize emin misiniz? Bu işlem geri alınamaz.
      </p>
      {conflict && (
        <div
          role="alert"
          className="mt-4 space-y-2 rounded-xl border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-50"
          data-conflict
        >
          <p className="flex items-start gap-2 font-semibold">
            <AlertIcon className="mt-0.5 h-4 w-4" /> {conflict.message}
          </p>
          <p>
            Zorla silerseniz{' '}
            {n !== null && n !== undefined ? <strong>{n} randevu</strong> : 'sahadaki tüm aktif randevular'} iptal
            edilecek.
            {conflict.isActive && ' Randevuları korumak için sahayı pasif yapabilirsiniz.'}
          </p>
        </div>
      )}
      {conflict && active && active.length > 0 && (
        <section className="mt-4" aria-labelledby="active-bookings-title">
          <h3 id="active-bookings-title" className="font-semibold text-slate-900 dark:text-white">
            İptal edilecek rezervasyonlar ({active.length})
          </h3>
          <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">
            Silmeden önce müşterilere haber verebilirsiniz.
          </p>
          <ActiveBookingsList bookings={active} facilityName={facility.name} />
          {received.length > 0 && (
            <RadioGroup
              className="mt-4"
              label={`Alınan kaporalar (${received.length} rezervasyon)`}
              value={deposit}
              onChange={(v) => setDeposit(v as DepositChoice | 'later')}
              isDisabled={busy !== null}
              data-deposit-choice
            >
              {DEPOSIT_CHOICES.map((c) => (
                <Radio key={c.id} value={c.id}>
                  {c.label}
                </Radio>
              ))}
            </RadioGroup>
          )}
        </section>
      )}
      {conflict && listFailed && (
        <p className="mt-4 text-sm text-red-800 dark:text-red-300" data-active-failed>
          Rezervasyon listesi yüklenemedi.{' '}
          <button type="button" className="font-medium underline" onClick={() => void readActive()}>
            Tekrar dene
          </button>
        </p>
      )}
    </Modal>
  );
}
