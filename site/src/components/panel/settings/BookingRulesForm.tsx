import { useStore } from '@nanostores/react';
import type { FormEvent } from 'react';
import { WAITLIST_CLAIM_MAX, WAITLIST_CLAIM_MIN } from '../../../../../contracts/waitlist';
import type { BookingRulesWire } from '../../../../../contracts/wire/content';
import {
  $rulesErrors,
  $rulesForm,
  $rulesInfo,
  $rulesSaving,
  editRules,
  type RulesForm,
  resetRulesToDefaults,
  saveRules,
} from '../../../stores/panel-settings';
import { Button } from '../../ui/Button';
import { Switch } from '../../ui/Switch';
import { TextField } from '../../ui/TextField';

const card = 'min-w-0 rounded-2xl border border-slate-200 bg-white p-4 sm:p-6 dark:border-slate-700 dark:bg-slate-900';
const legend = 'text-base font-semibold text-slate-900 dark:text-slate-100';

type NumberKey = Exclude<keyof RulesForm, 'sameDayRule'>;

/** The booking rules form: hold, cancel window, horizon, same-day rule, and the rate limits (behaviour.md#staff-sessions-and-permissions). */
export function BookingRulesForm() {
  const form = useStore($rulesForm);
  const errors = useStore($rulesErrors);
  const info = useStore($rulesInfo);
  const saving = useStore($rulesSaving);
  if (!form) return null;

  const overridden = (k: keyof BookingRulesWire) => info?.overridden.includes(k) ?? false;
  const number = (key: NumberKey, label: string, description: string) => (
    <TextField
      label={label}
      value={form[key]}
      onChange={(v) => editRules({ [key]: v })}
      inputMode="numeric"
      name={key}
      errorMessage={errors[key] ?? null}
      description={
        overridden(key)
          ? `${description} Sunucu ayarı bu değeri geçersiz kılıyor: şu an ${info?.effective[key]} uygulanıyor.`
          : description
      }
      inputClassName="tabular-nums"
    />
  );

  function submit(e: FormEvent) {
    e.preventDefault();
    void saveRules();
  }

  return (
    <form onSubmit={submit} noValidate aria-labelledby="booking-rules-title" className="space-y-5" data-booking-rules>
      <h2 id="booking-rules-title" className="text-xl font-bold text-slate-900 dark:text-slate-100">
        Rezervasyon kuralları
      </h2>
      <fieldset className={card}>
        <legend className={legend}>Rezervasyon</legend>
        <div className="mt-3 grid gap-4 md:grid-cols-3">
          {number(
            'holdTimeoutMinutes',
            'Varsayılan onay bekleme süresi (dakika)',
            'Yeni eklenen sahaların başlangıç değeri; 15–1440.',
          )}
          {number(
            'cancelWindowHours',
            'Müşteri iptal süresi (saat)',
            'Maçtan en az bu kadar önce iptal edilebilir; 0–168.',
          )}
          {number('slotHorizonDays', 'Takvim ufku (gün)', 'Bu kadar gün ilerisi için saatler hazır tutulur; 7–93.')}
          {number(
            'depositKeepHours',
            'Kapora tutma süresi (saat)',
            'Maça bu kadar saatten az kala iptal edilen ya da gelinmeyen rezervasyonda kaporanın tutulması önerilir; daha önce iptal edilende iade önerilir. Kararı her seferinde personel verir; 0–168.',
          )}
          {number(
            'reminderHours',
            'Maç hatırlatması (saat önce)',
            'Bildirim açan oyuncuya onaylı maçından bu kadar saat önce hatırlatma gider; 0 kapalı, en çok 48.',
          )}
          {number(
            'waitlistClaimMinutes',
            'Bekleme listesi süresi (dakika)',
            `Boşalan saat sıradaki ilk oyuncuya bu kadar dakika ayrılır; süre dolarsa sıra bir sonrakine geçer; ${WAITLIST_CLAIM_MIN}–${WAITLIST_CLAIM_MAX}.`,
          )}
        </div>
        <div className="mt-4">
          <Switch isSelected={form.sameDayRule} onChange={(on) => editRules({ sameDayRule: on })}>
            Aynı gün kuralı: bir telefon numarası bir günde yalnızca bir rezervasyon yapabilir
          </Switch>
        </div>
      </fieldset>

      <fieldset className={card}>
        <legend className={legend}>Deneme sınırları (10 dakikada)</legend>
        <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">
          Adres başına sınırlar geniş tutulur (aynı ağı paylaşanlar engellenmesin); numara başına sınırlar tahmin
          denemelerini durdurur.
        </p>
        <div className="mt-3 grid gap-4 md:grid-cols-2">
          {number('bookingPerIp', 'Rezervasyon — adres başına', 'En az 100.')}
          {number('bookingPerPhone', 'Rezervasyon — telefon başına', '1–1000.')}
          {number('lookupPerIp', 'Sorgulama — adres başına', 'En az 300.')}
          {number('lookupPerTarget', 'Sorgulama — numara başına', '1–1000.')}
          {number('loginPerIp', 'Giriş — adres başına', '10–100000.')}
          {number('loginPerIdentifier', 'Giriş — kullanıcı adı başına', 'Hatalı giriş sayısı; 1–1000.')}
        </div>
      </fieldset>

      <div className="flex flex-wrap justify-end gap-3">
        <Button variant="secondary" onPress={resetRulesToDefaults}>
          Varsayılanlara dön
        </Button>
        <Button type="submit" isDisabled={saving} data-save-rules>
          {saving ? 'Kaydediliyor…' : 'Kuralları kaydet'}
        </Button>
      </div>
    </form>
  );
}
