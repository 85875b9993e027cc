// What 'Bildirim al' says (docs/behaviour.md#notifications), apart from its component so that tests read it without React.
export const PUSH_TEXT = {
  lead: 'Onay, ret, süre dolması, tesis iptali ve maç hatırlatması bu cihaza bildirim olarak gelsin.',
  leadOn: 'Bu rezervasyondaki değişiklikler bu cihaza bildirilir. Bildirime dokununca Rezervasyonlarım açılır.',
  /** Under the button, with a link to the consent text's paragraph on push (aydinlatma-metni#bildirimler). */
  privacy:
    'Bildirimlerde adınız, telefonunuz ve rezervasyon numaranız yer almaz; rezervasyon bitince bu cihazın kaydı silinir.',
  privacyLink: 'Aydınlatma Metni',
  turnOn: 'Bildirim al',
  turnOff: 'Bildirimleri kapat',
  on: 'Bildirimler açık',
  turningOn: 'Bildirimler açılıyor…',
  turningOff: 'Bildirimler kapatılıyor…',
  off: 'Bildirimler kapatıldı',
  unsupported:
    'Bu tarayıcı bildirimleri desteklemiyor. Rezervasyonunuzun durumunu Rezervasyonlarım sayfasından izleyebilirsiniz.',
  ios: "iPhone ve iPad'de Safari bildirimleri yalnızca ana ekrana eklenmiş web uygulamalarına gönderir; bu sayfadan bildirim açılamıyor. Rezervasyonunuzun durumunu Rezervasyonlarım sayfasından izleyebilirsiniz.",
  denied:
    'Bu sitenin bildirim izni kapalı. Açmak için tarayıcınızın site ayarlarından bildirimlere izin verin, sonra yeniden deneyin.',
  dismissed: "Bildirim izni verilmedi. Yeniden denemek için 'Bildirim al'a basın.",
  workerFailed: 'Bildirim hizmeti başlatılamadı. Sayfayı yenileyip yeniden deneyin.',
  subscribeFailed:
    'Tarayıcınız bildirim servisine bağlanamadı. İnternet bağlantınızı kontrol edip biraz sonra yeniden deneyin.',
  saveFailed: 'Bildirimler açılamadı. Lütfen tekrar deneyin.',
  offFailed: 'Bildirimler kapatılamadı. Lütfen tekrar deneyin.',
} as const;
