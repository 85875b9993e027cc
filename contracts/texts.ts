// Every Turkish text the API and the forms share, written once. Spec wording is verbatim. No zod here: the public
// pages' islands import these texts without shipping a schema library (contracts/messages.ts re-exports them).
// The texts the public pages' first load needs live in contracts/public-texts.ts, so those pages do not ship the rest.
import { publicMsg } from './public-texts';

export { sameDayMessage } from './public-texts';
export const msg = {
  ...publicMsg,
  generic: 'Bir hata oluştu',
  validation: 'Gönderilen bilgiler geçersiz',
  malformedJson: 'İstek gövdesi geçerli bir JSON değil',
  notFoundRoute: 'İstenen adres bulunamadı',
  unauthorized: 'Bu işlem için giriş yapmanız gerekiyor',
  sessionExpired: 'Oturumunuzun süresi doldu, lütfen tekrar giriş yapın',
  invalidToken: 'Geçersiz oturum bilgisi, lütfen tekrar giriş yapın',
  forbidden: 'Bu işlem için yetkiniz yok',
  rateLimited: 'Çok fazla deneme yaptınız. Lütfen birkaç dakika sonra tekrar deneyin.',

  // login (behaviour.md#validation)

  // booking form (behaviour.md#validation)
  nameRequired: 'Ad Soyad gerekli',
  nameTooShort: 'Ad Soyad en az 2 karakter olmalı',
  phoneRequired: 'Telefon numarası gerekli',
  customerEmailInvalid: 'Geçerli bir e-posta adresi girin',
  pickupPointRequired: 'Ulaşım hizmeti seçtiniz, lütfen bir alış noktası seçin',
  nameTooLong: 'Ad Soyad en fazla 100 karakter olabilir',
  customerEmailTooLong: 'E-posta adresi en fazla 254 karakter olabilir',
  notesTooLong: 'Notlar en fazla 1000 karakter olabilir',
  cancelReasonTooLong: 'İptal sebebi en fazla 500 karakter olabilir',
  fieldInvalid: 'Bu alan geçersiz',

  /** GET /api/health?deep=1 when D1 does not answer. */
  databaseUnavailable: 'Veritabanına şu anda ulaşılamıyor, lütfen biraz sonra tekrar deneyin',

  // booking rules (behaviour.md#bookings)
  facilityNotFound: 'Saha bulunamadı',
  facilityInactive: 'Bu saha şu anda rezervasyona kapalı',
  facilityRequired: 'Saha seçimi gerekli',
  slotRequired: 'Saat seçimi gerekli',
  slotWrongFacility: 'Seçilen saat bu sahaya ait değil',
  // match length (docs/behaviour.md#match-length)
  lengthNotOffered: 'Bu saha seçtiğiniz maç süresini sunmuyor. Lütfen sunulan sürelerden birini seçin.',
  startNotAllowed: 'Bu sahada maçlar yalnızca tam saat başında başlayabilir. Lütfen başka bir başlangıç saati seçin.',
  rangeUnavailable:
    'Seçtiğiniz süre bu saatten itibaren sığmıyor: sonraki saatler kapalı ya da o günün saatleri bitiyor. Lütfen daha kısa bir süre ya da başka bir saat seçin.',
  /** When the phone-and-day index refused a booking but the other one is no longer found, its status is unknown. */
  pickupPointInvalid: 'Seçilen alış noktası bu sahanın servis hizmetine ait değil',
  transportUnavailable: 'Bu sahada servis hizmeti bulunmuyor',
  alreadyProcessed: 'Bu rezervasyon zaten işlem görmüş',
  messageNotFitting: 'Bu mesaj rezervasyonun şimdiki durumuna uymuyor. Listeyi yenileyip yeniden seçin.',
  cancelPast: 'Geçmiş rezervasyonlar iptal edilemez',
  expiredReason: 'Onay süresi doldu',
  bookingNumberMismatch:
    'Girdiğiniz numara bu rezervasyonla eşleşmiyor. Onay ekranındaki veya takip sayfasındaki rezervasyon numarasının tamamını girin.',
  /** The request never reached the server (offline, a dropped connection); what was typed stays. */

  // dates
  dateOrRangeRequired: 'date ya da from ve to parametreleri gerekli',

  // panel (behaviour.md#validation, #error-messages)
  rejectReasonRequired: 'Lütfen red sebebini belirtin',
  adminCancelReason: 'Randevu iptal edildi',
  approveFailed: 'Rezervasyon onaylanırken hata oluştu',
  rejectFailed: 'Rezervasyon reddedilirken hata oluştu',
  notPending: 'Yalnızca bekleyen rezervasyonlar onaylanabilir',
  approvedTitle: 'Rezervasyon Onaylandı',
  rejectedTitle: 'Rezervasyon Reddedildi',
  approveNoteLabel: 'Onay notu',
  notificationNotFound: 'Bildirim bulunamadı',
  notificationTitleRequired: 'Bildirim başlığı gerekli',
  notificationMessageRequired: 'Bildirim mesajı gerekli',
  siteNameRequired: 'Site adı en az 2 karakter olmalı',
  phonesInvalid: 'Geçerli telefon numaraları giriniz',
  settingsEmailInvalid: 'Geçerli bir e-posta adresi giriniz',

  // panel fixes
  rejectReasonTooLong: 'Red sebebi en fazla 500 karakter olabilir',
  approveNoteTooLong: 'Onay notu en fazla 500 karakter olabilir',
  staffCancelReasonTooLong: 'İptal sebebi en fazla 500 karakter olabilir',
  staffNotesTooLong: 'Notlar en fazla 1000 karakter olabilir',
  staffCancelOnlyApproved: 'Yalnızca onaylı rezervasyonlar iptal edilebilir',
  staffCancelledTitle: 'Rezervasyon iptal edildi',
  cancelFailedStaff: 'Rezervasyon iptal edilirken hata oluştu',
  notesUpdatedReason: 'Notlar güncellendi',
  notesUpdateFailed: 'Notlar kaydedilirken hata oluştu',
  anonymisedName: 'Silinmiş müşteri',
  customerAnonymised: 'Müşteri bilgileri silindi',
  freeTextErased: 'Açıklama silindi (KVKK)',
  alreadyAnonymised: 'Bu müşterinin bilgileri zaten silinmiş',
  anonymiseFailed: 'Müşteri bilgileri silinirken hata oluştu',
  pageNumberInvalid: 'Geçerli bir sayfa numarası girin',

  seoNotFound: 'SEO verisi bulunamadı',
  imageNotFound: 'Görsel bulunamadı',

  // security
  csrfRefused: 'Bu istek başka bir siteden geldiği için reddedildi. Lütfen sayfayı yenileyip tekrar deneyin.',
  jsonRequired: 'İstek gövdesi JSON olmalı (Content-Type: application/json)',
  bodyTooLarge: 'İstek gövdesi çok büyük',
  jsonTooDeep: 'İstek gövdesi çok fazla iç içe öğe içeriyor',
  controlChars: 'Gönderilen metin geçersiz (görünmeyen) bir karakter içeriyor',
  loginBackoff: 'Çok fazla hatalı giriş denemesi. Lütfen biraz bekleyip tekrar deneyin.',
  foreignOrigin: 'Bu bağlantı başka bir siteden açılamaz',
  imageChanged: 'Görsel değişmiş, lütfen sayfayı yenileyin',
  tooManySockets: 'Çok fazla canlı bağlantı açıldı. Lütfen biraz sonra tekrar deneyin.',
} as const;

export type MessageKey = keyof typeof msg;
