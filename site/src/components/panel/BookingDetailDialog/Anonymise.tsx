import { useState } from 'react';
import { Button } from '../../ui/Button';
import type { Busy } from './model';

/** KVKK: a confirmation step, then the customer's personal data go from every booking of the phone. */
export function Anonymise({ busy, onConfirm }: { busy: Busy; onConfirm: () => void }) {
  const [confirming, setConfirming] = useState(false);
  if (!confirming) {
    return (
      <Button variant="ghost" size="sm" isDisabled={busy !== null} onPress={() => setConfirming(true)}>
        Müşteri bilgilerini sil (KVKK)
      </Button>
    );
  }
  return (
    <div
      role="group"
      aria-label="Müşteri bilgilerini silmeyi onayla"
      className="flex flex-col gap-2 rounded-lg bg-red-50 p-3 dark:bg-red-950"
    >
      <p className="text-sm font-semibold text-red-900 dark:text-red-100">
        Bu müşterinin adı, telefonu, e-postası ve notları tüm rezervasyonlarından kalıcı olarak silinecek. Rezervasyon
        kayıtları ve tutarlar kalır.
      </p>
      <div className="flex flex-wrap gap-2">
        <Button variant="secondary" size="sm" isDisabled={busy !== null} onPress={() => setConfirming(false)}>
          Vazgeç
        </Button>
        <Button variant="danger" size="sm" isDisabled={busy !== null} onPress={onConfirm}>
          {busy === 'anonymise' ? 'Siliniyor...' : 'Evet, sil'}
        </Button>
      </div>
    </div>
  );
}
