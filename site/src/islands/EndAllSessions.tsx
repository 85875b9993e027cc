// Hesabım → Oturumlar: 'Çıkış Yap' ends only the session it is pressed in; this ends every session of the account (a
// lost phone, a shop PC left signed in), this one included, and their open notification sockets with them.
import { useState } from 'react';
import { Button } from '../components/ui/Button';
import { Modal } from '../components/ui/Modal';
import { client, unwrap } from '../lib/api';
import { messageOf } from '../lib/errors';
import { clearSession } from '../stores/session';

export default function EndAllSessions() {
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');

  async function endAll() {
    setBusy(true);
    setError('');
    try {
      await unwrap(client.api.auth['logout-all'].$post());
      clearSession();
      window.location.assign('/giris');
    } catch (e) {
      setError(messageOf(e));
      setBusy(false);
    }
  }

  return (
    <section
      aria-labelledby="sessions-heading"
      className="mt-6 grid max-w-md gap-3 rounded-xl border border-slate-200 bg-white p-4 sm:p-6 dark:border-slate-700 dark:bg-slate-900"
    >
      <h2 id="sessions-heading" className="text-lg font-semibold text-slate-900 dark:text-white">
        Oturumlar
      </h2>
      <p className="text-sm text-slate-700 dark:text-slate-300">
        'Çıkış Yap' yalnızca bu cihazdaki oturumu kapatır. Hesabınızın açık kaldığı başka bir cihaz varsa (kaybolan bir
        telefon, açık unutulan bir bilgisayar) tüm oturumları buradan kapatabilirsiniz; bu cihazda da yeniden giriş
        yapmanız gerekir.
      </p>
      <div>
        <Button variant="danger" onPress={() => setOpen(true)}>
          Tüm oturumları kapat
        </Button>
      </div>
      <Modal
        title="Tüm oturumlar kapatılsın mı?"
        role="alertdialog"
        isOpen={open}
        onOpenChange={(next) => !busy && setOpen(next)}
        footer={
          <>
            <Button variant="secondary" onPress={() => setOpen(false)} isDisabled={busy}>
              Vazgeç
            </Button>
            <Button variant="danger" onPress={() => void endAll()} isDisabled={busy}>
              {busy ? 'Kapatılıyor…' : 'Tüm oturumları kapat'}
            </Button>
          </>
        }
      >
        <p className="text-sm text-slate-800 dark:text-slate-200">
          Bu hesapla açık olan her cihazdaki oturum ve canlı bildirim bağlantısı hemen kapanır. Ardından giriş sayfasına
          yönlendirilirsiniz.
        </p>
        {error && (
          <p role="alert" className="mt-3 text-sm text-red-800 dark:text-red-300">
            {error}
          </p>
        )}
      </Modal>
    </section>
  );
}
