import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import { BookingRulesForm } from '../components/panel/settings/BookingRulesForm';
import { SiteSettingsForm } from '../components/panel/settings/SiteSettingsForm';
import { Button } from '../components/ui/Button';
import { $settingsStatus, LOAD_FAILED, loadSettings } from '../stores/panel-settings';

/** Ayarlar (admin only): the site settings and the booking rules, each form saved on its own. */
export default function SettingsManager() {
  const status = useStore($settingsStatus);
  useEffect(() => {
    void loadSettings();
  }, []);

  return (
    <div className="space-y-8">
      <header>
        <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl dark:text-slate-100">Ayarlar</h1>
        <p className="mt-1 text-slate-700 dark:text-slate-300">
          Sitenin bilgilerini, bakım modunu ve rezervasyon kurallarını buradan yönetin.
        </p>
      </header>
      {status === 'error' ? (
        <div
          role="alert"
          className="rounded-xl border border-red-300 bg-red-50 p-4 text-red-900 dark:border-red-800 dark:bg-red-950 dark:text-red-100"
        >
          <p>{LOAD_FAILED}</p>
          <Button variant="secondary" size="sm" className="mt-3" onPress={() => void loadSettings()}>
            Tekrar dene
          </Button>
        </div>
      ) : status !== 'ready' ? (
        <p role="status" className="text-slate-700 dark:text-slate-300">
          Ayarlar yükleniyor…
        </p>
      ) : (
        <>
          <SiteSettingsForm />
          <BookingRulesForm />
        </>
      )}
    </div>
  );
}
