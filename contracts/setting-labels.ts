// The name each booking rule and site setting is shown by (the Ayarlar forms' labels), and a stored value as staff
// read it: the audit log's settings lines say 'Müşteri iptal süresi (saat) 24 → 12', never the field's code name.

export const SETTING_LABELS: Record<string, string> = {
  // Rezervasyon kuralları
  holdTimeoutMinutes: 'Varsayılan onay bekleme süresi (dakika)',
  cancelWindowHours: 'Müşteri iptal süresi (saat)',
  slotHorizonDays: 'Takvim ufku (gün)',
  sameDayRule: 'Aynı gün kuralı',
  bookingPerIp: 'Rezervasyon sınırı — adres başına',
  bookingPerPhone: 'Rezervasyon sınırı — telefon başına',
  lookupPerIp: 'Sorgulama sınırı — adres başına',
  lookupPerTarget: 'Sorgulama sınırı — numara başına',
  loginPerIp: 'Giriş sınırı — adres başına',
  loginPerIdentifier: 'Giriş sınırı — kullanıcı adı başına',
  depositKeepHours: 'Kapora tutma süresi (saat)',
  reminderHours: 'Maç hatırlatması (saat önce)',
  waitlistClaimMinutes: 'Bekleme listesi süresi (dakika)',
  // Site ayarları
  siteName: 'Site adı',
  tagline: 'Slogan',
  contactPhones: 'Telefonlar',
  contactEmail: 'E-posta',
  address: 'Adres',
  city: 'Şehir',
  seoTitle: 'Varsayılan SEO başlığı',
  seoDescription: 'Varsayılan SEO açıklaması',
  instagram: 'Instagram',
  facebook: 'Facebook',
  x: 'X (Twitter)',
  youtube: 'YouTube',
  whatsapp: 'WhatsApp',
  maintenanceMode: 'Bakım modu',
  maintenanceMessage: 'Bakım mesajı',
  kvkkText: 'Aydınlatma metni',
};

/** Long texts are named as changed, not quoted: a line stays one line. */
const LONG_TEXTS = new Set(['kvkkText', 'maintenanceMessage', 'seoDescription']);
const MAX_SHOWN = 40;

/** A stored value as read on screen: Açık/Kapalı, '—' for empty, a list joined, a long text cut. */
export function settingValueText(v: unknown): string {
  if (v === true) return 'Açık';
  if (v === false) return 'Kapalı';
  if (v === null || v === undefined || v === '') return '—';
  if (Array.isArray(v)) return v.length ? v.map(settingValueText).join(', ') : '—';
  const s = typeof v === 'string' ? v : typeof v === 'number' ? String(v) : JSON.stringify(v);
  return s.length > MAX_SHOWN ? `${s.slice(0, MAX_SHOWN - 1)}…` : s;
}

/** One changed setting: 'Aynı gün kuralı Açık → Kapalı'; a long text only 'Aydınlatma metni değiştirildi'. */
export function settingChangeText(key: string, change: { before: unknown; after: unknown }): string {
  const label = SETTING_LABELS[key] ?? key;
  if (LONG_TEXTS.has(key)) return `${label} değiştirildi`;
  return `${label} ${settingValueText(change.before)} → ${settingValueText(change.after)}`;
}
