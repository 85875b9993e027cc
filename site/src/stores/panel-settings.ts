import { atom } from 'nanostores';
import { siteSettingsSchema } from '../../../contracts/panel';
import { BOOKING_RULE_DEFAULTS, bookingRulesSchema } from '../../../contracts/settings';
import type { BookingRulesAnswer, BookingRulesWire, SiteSettingsWire } from '../../../contracts/wire/content';
import { client, unwrap } from '../lib/api';
import { ApiRequestError } from '../lib/errors';
import { failureOr } from './panel-facilities';
import { toast } from './toast';

// Ayarlar: the site settings and the booking rules, two forms each saved on its own. The forms hold what the
// admin types (strings); the same zod schemas the server runs check them first, and the server's field errors land on
// the same fields when it refuses anyway.

export const LOAD_FAILED = 'Ayarlar yüklenirken hata oluştu';
export const SITE_SAVED = 'Site ayarları kaydedildi';
export const SITE_FAILED = 'Site ayarları kaydedilirken hata oluştu';
export const RULES_SAVED = 'Rezervasyon kuralları kaydedildi';
export const RULES_FAILED = 'Rezervasyon kuralları kaydedilirken hata oluştu';
export const CHECK_FIELDS = 'Lütfen işaretli alanları düzeltin';

export interface SiteForm {
  siteName: string;
  tagline: string;
  seoTitle: string;
  seoDescription: string;
  contactPhones: string[];
  contactEmail: string;
  address: string;
  city: string;
  instagram: string;
  facebook: string;
  x: string;
  youtube: string;
  whatsapp: string;
  maintenanceMode: boolean;
  maintenanceMessage: string;
  kvkkText: string;
}

export type RulesForm = { [K in keyof BookingRulesWire]: BookingRulesWire[K] extends boolean ? boolean : string };

/** Field path ('contactPhones.1') → Turkish message. */
export type FieldErrors = Record<string, string>;

export const $settingsStatus = atom<'idle' | 'loading' | 'ready' | 'error'>('idle');
export const $siteForm = atom<SiteForm | null>(null);
export const $rulesForm = atom<RulesForm | null>(null);
export const $rulesInfo = atom<Pick<BookingRulesAnswer, 'effective' | 'overridden'> | null>(null);
export const $siteErrors = atom<FieldErrors>({});
export const $rulesErrors = atom<FieldErrors>({});
export const $siteSaving = atom(false);
export const $rulesSaving = atom(false);

const text = (v: string | null | undefined) => v ?? '';

export function siteFormOf(s: SiteSettingsWire): SiteForm {
  return {
    siteName: s.siteName,
    tagline: text(s.tagline),
    seoTitle: text(s.seoTitle),
    seoDescription: text(s.seoDescription),
    // Always one box to type into.
    contactPhones: s.contactPhones.length ? [...s.contactPhones] : [''],
    contactEmail: text(s.contactEmail),
    address: text(s.address),
    city: text(s.city),
    instagram: text(s.instagram),
    facebook: text(s.facebook),
    x: text(s.x),
    youtube: text(s.youtube),
    whatsapp: text(s.whatsapp),
    maintenanceMode: s.maintenanceMode,
    maintenanceMessage: text(s.maintenanceMessage),
    kvkkText: text(s.kvkkText),
  };
}

export function rulesFormOf(r: BookingRulesWire): RulesForm {
  const out = {} as Record<string, string | boolean>;
  for (const [k, v] of Object.entries(r)) out[k] = typeof v === 'boolean' ? v : String(v);
  return out as RulesForm;
}

function issuesToErrors(issues: ReadonlyArray<{ path: ReadonlyArray<PropertyKey>; message: string }>): FieldErrors {
  const errors: FieldErrors = {};
  for (const i of issues) {
    const key = i.path.map(String).join('.');
    errors[key] ??= i.message;
  }
  return errors;
}

/** The server's field errors (behaviour.md#errors-and-input details.errors) by path. */
function serverErrors(e: unknown): FieldErrors {
  if (!(e instanceof ApiRequestError)) return {};
  const list = (e.details as { errors?: Array<{ path?: unknown[]; message?: string }> }).errors ?? [];
  return issuesToErrors(
    list.flatMap((x) => (Array.isArray(x.path) && x.message ? [{ path: x.path as string[], message: x.message }] : [])),
  );
}

export async function loadSettings(): Promise<void> {
  $settingsStatus.set('loading');
  try {
    const [site, rules] = await Promise.all([
      unwrap(client.api['site-settings'].$get()),
      unwrap(client.api['booking-rules'].$get()),
    ]);
    $siteForm.set(siteFormOf(site as SiteSettingsWire));
    const answer = rules as BookingRulesAnswer;
    $rulesForm.set(rulesFormOf(answer.stored));
    $rulesInfo.set({ effective: answer.effective, overridden: answer.overridden });
    $siteErrors.set({});
    $rulesErrors.set({});
    $settingsStatus.set('ready');
  } catch {
    $settingsStatus.set('error');
  }
}

export function editSite(patch: Partial<SiteForm>) {
  const form = $siteForm.get();
  if (!form) return;
  $siteForm.set({ ...form, ...patch });
  // A field the admin changes loses its old error.
  const errors = { ...$siteErrors.get() };
  for (const k of Object.keys(patch)) for (const e of Object.keys(errors)) if (e.split('.')[0] === k) delete errors[e];
  $siteErrors.set(errors);
}

export function editRules(patch: Partial<RulesForm>) {
  const form = $rulesForm.get();
  if (!form) return;
  $rulesForm.set({ ...form, ...patch });
  const errors = { ...$rulesErrors.get() };
  for (const k of Object.keys(patch)) delete errors[k];
  $rulesErrors.set(errors);
}

/** Checks with the server's schema, then PUT /api/site-settings; true when saved. */
export async function saveSite(): Promise<boolean> {
  const form = $siteForm.get();
  if (!form || $siteSaving.get()) return false;
  const checked = siteSettingsSchema.safeParse(form);
  if (!checked.success) {
    $siteErrors.set(issuesToErrors(checked.error.issues));
    toast('error', CHECK_FIELDS);
    return false;
  }
  $siteSaving.set(true);
  try {
    const saved = await unwrap(client.api['site-settings'].$put({ json: form }));
    $siteForm.set(siteFormOf(saved as SiteSettingsWire));
    $siteErrors.set({});
    toast('success', SITE_SAVED);
    return true;
  } catch (e) {
    $siteErrors.set(serverErrors(e));
    toast('error', failureOr(e, SITE_FAILED));
    return false;
  } finally {
    $siteSaving.set(false);
  }
}

/** Checks with the server's schema, then PUT /api/booking-rules; true when saved. */
export async function saveRules(): Promise<boolean> {
  const form = $rulesForm.get();
  if (!form || $rulesSaving.get()) return false;
  const checked = bookingRulesSchema.safeParse(form);
  if (!checked.success) {
    $rulesErrors.set(issuesToErrors(checked.error.issues));
    toast('error', CHECK_FIELDS);
    return false;
  }
  $rulesSaving.set(true);
  try {
    const answer = (await unwrap(client.api['booking-rules'].$put({ json: checked.data }))) as BookingRulesAnswer;
    $rulesForm.set(rulesFormOf(answer.stored));
    $rulesInfo.set({ effective: answer.effective, overridden: answer.overridden });
    $rulesErrors.set({});
    toast('success', RULES_SAVED);
    return true;
  } catch (e) {
    $rulesErrors.set(serverErrors(e));
    toast('error', failureOr(e, RULES_FAILED));
    return false;
  } finally {
    $rulesSaving.set(false);
  }
}

/** The values the site shipped with (behaviour.md#bookings, #staff-sessions-and-permissions), for the form's 'Varsayılanlara dön'. */
export function resetRulesToDefaults() {
  editRules(rulesFormOf({ ...BOOKING_RULE_DEFAULTS }));
}
