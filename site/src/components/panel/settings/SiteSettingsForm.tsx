import { useStore } from '@nanostores/react';
import type { FormEvent } from 'react';
import { $siteErrors, $siteForm, $siteSaving, editSite, type SiteForm, saveSite } from '../../../stores/panel-settings';
import { Button } from '../../ui/Button';
import { Switch } from '../../ui/Switch';
import { TextField } from '../../ui/TextField';

const card = 'min-w-0 rounded-2xl border border-slate-200 bg-white p-4 sm:p-6 dark:border-slate-700 dark:bg-slate-900';
const legend = 'text-base font-semibold text-slate-900 dark:text-slate-100';
const MAX_PHONES = 5;

type TextKey = { [K in keyof SiteForm]: SiteForm[K] extends string ? K : never }[keyof SiteForm];

/** The site settings form: what every public page shows, the maintenance switch and the KVKK text. */
export function SiteSettingsForm() {
  const form = useStore($siteForm);
  const errors = useStore($siteErrors);
  const saving = useStore($siteSaving);
  if (!form) return null;

  const field = (
    key: TextKey,
    label: string,
    extra: { description?: string; multiline?: boolean; isRequired?: boolean; type?: string } = {},
  ) => (
    <TextField
      label={label}
      value={form[key]}
      onChange={(v) => editSite({ [key]: v })}
      errorMessage={errors[key] ?? null}
      description={extra.description}
      multiline={extra.multiline}
      isRequired={extra.isRequired}
      type={extra.type}
      name={key}
      inputClassName="[overflow-wrap:anywhere]"
    />
  );

  const setPhone = (i: number, v: string) => {
    const phones = [...form.contactPhones];
    phones[i] = v;
    editSite({ contactPhones: phones });
  };

  function submit(e: FormEvent) {
    e.preventDefault();
    void saveSite();
  }

  return (
    <form onSubmit={submit} noValidate aria-labelledby="site-settings-title" className="space-y-5" data-site-settings>
      <h2 id="site-settings-title" className="text-xl font-bold text-slate-900 dark:text-slate-100">
        Site bilgileri
      </h2>
      <fieldset className={card}>
        <legend className={`${legend} sr-only`}>Genel</legend>
        <div className="grid gap-4 md:grid-cols-2">
          {field('siteName', 'Site adı', { isRequired: true })}
          {field('tagline', 'Slogan', { description: 'Sayfaların alt bilgisinde görünür.' })}
          {field('seoTitle', 'Varsayılan SEO başlığı', {
            description: 'Ana sayfanın kendi SEO kaydı yoksa başlığında kullanılır (en fazla 70 karakter).',
          })}
          {field('seoDescription', 'Varsayılan SEO açıklaması', {
            description: 'Ana sayfanın kendi SEO kaydı yoksa açıklamasında kullanılır (en fazla 200 karakter).',
          })}
        </div>
      </fieldset>

      <fieldset className={card}>
        <legend className={legend}>İletişim</legend>
        <div className="mt-3 grid gap-4 md:grid-cols-2">
          <div className="space-y-3" data-phones>
            {form.contactPhones.map((p, i) => (
              // Positions are the identity here: the boxes are plain, ordered lines.
              // biome-ignore lint/suspicious/noArrayIndexKey: the list is edited in place, never reordered
              <div key={i} className="flex items-end gap-2">
                <div className="min-w-0 flex-1">
                  <TextField
                    label={`Telefon ${i + 1}`}
                    value={p}
                    type="tel"
                    onChange={(v) => setPhone(i, v)}
                    errorMessage={errors[`contactPhones.${i}`] ?? null}
                  />
                </div>
                {form.contactPhones.length > 1 && (
                  <Button
                    variant="secondary"
                    size="sm"
                    className="mb-0.5"
                    aria-label={`Telefon ${i + 1} kaldır`}
                    onPress={() => editSite({ contactPhones: form.contactPhones.filter((_, j) => j !== i) })}
                  >
                    Kaldır
                  </Button>
                )}
              </div>
            ))}
            {form.contactPhones.length < MAX_PHONES && (
              <Button
                variant="secondary"
                size="sm"
                onPress={() => editSite({ contactPhones: [...form.contactPhones, ''] })}
              >
                Telefon ekle
              </Button>
            )}
          </div>
          <div className="space-y-4">
            {field('contactEmail', 'E-posta', { type: 'email' })}
            {field('address', 'Adres', { multiline: true })}
            {field('city', 'Şehir')}
          </div>
        </div>
      </fieldset>

      <fieldset className={card}>
        <legend className={legend}>Sosyal medya</legend>
        <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">
          https:// ile başlayan bir bağlantı ya da @kullanıcıadı yazın; boş bırakılan gösterilmez.
        </p>
        <div className="mt-3 grid gap-4 md:grid-cols-2">
          {field('instagram', 'Instagram')}
          {field('facebook', 'Facebook')}
          {field('x', 'X (Twitter)')}
          {field('youtube', 'YouTube')}
          {field('whatsapp', 'WhatsApp', { description: 'Telefon numarası ya da wa.me bağlantısı.' })}
        </div>
      </fieldset>

      <fieldset className={card}>
        <legend className={legend}>Bakım modu</legend>
        <div className="mt-3 space-y-4">
          <Switch
            isSelected={form.maintenanceMode}
            onChange={(on) => editSite({ maintenanceMode: on })}
            data-maintenance-switch
          >
            Siteyi bakıma al
          </Switch>
          <p className="text-sm text-slate-600 dark:text-slate-300">
            Açıkken herkese açık sayfalar “Sistem Bakımda” duyurusunu gösterir ve yeni rezervasyon alınmaz. Yönetim
            paneli çalışmaya devam eder.
          </p>
          {field('maintenanceMessage', 'Bakım mesajı', {
            multiline: true,
            description: 'Boş bırakılırsa varsayılan bakım metni gösterilir.',
          })}
        </div>
      </fieldset>

      <fieldset className={card}>
        <legend className={legend}>KVKK aydınlatma metni</legend>
        <div className="mt-3">
          {field('kvkkText', 'Aydınlatma metni', {
            multiline: true,
            description:
              'Paragrafları boş bir satırla ayırın. Boş bırakılırsa sitenin hazır aydınlatma metni gösterilir.',
          })}
        </div>
      </fieldset>

      <div className="flex justify-end">
        <Button type="submit" isDisabled={saving} data-save-site>
          {saving ? 'Kaydediliyor…' : 'Site ayarlarını kaydet'}
        </Button>
      </div>
    </form>
  );
}
