// The customer cancel window's texts (behaviour.md#bookings; an admin sets the hours). No zod here: the tracking island imports
// it, and its bundle stays free of the schemas.
import { publicMsg as msg } from './public-texts';

/** The server's refusal of a customer cancel inside the window; at 24 h exactly the text the site always had. */
export function cancelTooLate(hours: number): string {
  if (hours === 24) return msg.cancelTooLate;
  return `Rezervasyon saatine ${hours} saatten az kaldığı için iptal edilemez. Lütfen saha ile iletişime geçin.`;
}

/** What the tracking page and the contact page promise; 0 h: until the match starts. */
export function cancelRuleText(hours: number): string {
  return hours === 0
    ? 'İptal, maç saati gelene kadar yapılabilir.'
    : `İptal, maç saatinden en az ${hours} saat önce yapılabilir.`;
}
