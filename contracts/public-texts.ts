// The texts the public pages need on their first load (pitch page calendar, tracking search, login): a small part of
// contracts/texts.ts, which spreads them into `msg`, so the first load does not ship every message (docs/performance.md#budgets).
export const publicMsg = {
  identifierRequired: 'E-posta veya kullanıcı adı gerekli',
  emailInvalid: 'Geçerli bir e-posta adresi girin',
  passwordRequired: 'Şifre gerekli',
  passwordTooShort: 'Şifre en az 6 karakter olmalı',
  invalidCredentials: 'Geçersiz kullanıcı adı/e-posta veya şifre',
  userBlocked: 'Hesabınız engellenmiş, yöneticinizle görüşün',
  phoneInvalid: 'Geçerli bir telefon numarası girin (05XX XXX XX XX)',
  pastSlot: 'Geçmiş tarih ve saatlere rezervasyon yapılamaz. Lütfen güncel bir slot seçin.',
  bookingNumberMissing: 'Booking number not received',
  slotNotFound: 'Seçilen saat bulunamadı. Lütfen takvimden yeniden seçin.',
  slotTaken: 'Seçtiğiniz saat az önce başka biri tarafından alındı. Lütfen başka bir saat seçin.',
  sameDayBooking: 'Aynı gün içinde onaylanmış rezervasyonunuz bulunmaktadır',
  sameDayBookingPending: 'Aynı gün için bekleyen bir rezervasyonunuz bulunmaktadır',
  sameDayBookingUnknown: 'Aynı gün için bir rezervasyonunuz bulunmaktadır',
  bookingNotFound: 'Rezervasyon bulunamadı. Lütfen rezervasyon numaranızı kontrol ediniz.',
  bookingNumberInvalid: 'Geçerli bir rezervasyon numarası girin (HSR ile başlayan 12 karakter)',
  cancelTooLate: 'Rezervasyon saatine 24 saatten az kaldığı için iptal edilemez. Lütfen saha ile iletişime geçin.',
  customerCancelReason: 'Müşteri tarafından iptal edildi',
  noSubscriberBookings: 'Bu telefon numarasına ait abone rezervasyonu bulunamadı.',
  cancelSuccess: 'Rezervasyon başarıyla iptal edildi.',
  cancelFailed: 'Rezervasyon iptal edilirken bir hata oluştu.',
  createFailed: 'Rezervasyon oluşturulurken bir hata oluştu',
  networkDown: 'İnternet bağlantınızı kontrol edin; girdiğiniz bilgiler duruyor.',
  slotsFailed: 'Slotlar yüklenirken hata oluştu',
  dateInvalid: 'Tarih YYYY-MM-DD biçiminde olmalı',
  rangeTooLong: 'Tarih aralığı en fazla 31 gün olabilir',
  rangeReversed: 'Başlangıç tarihi bitiş tarihinden sonra olamaz!',
} as const;

/** The same-day warning names the existing booking's real status: approved or still pending (unknown: neither word). */
export function sameDayMessage(status: string | null | undefined): string {
  if (status === 'approved') return publicMsg.sameDayBooking;
  if (status === 'pending') return publicMsg.sameDayBookingPending;
  return publicMsg.sameDayBookingUnknown;
}
