// Links that start a call or a WhatsApp chat with a phone number (click-to-chat: https://wa.me/<number>, no account or
// API). Stored customer phones are 05XXXXXXXXX (contracts/phone.ts); a venue's WhatsApp setting may be written any way
// a person writes a number (0532 123 45 67, +90 532 …, 532 …).

/**
 * A Turkish number with its country code and no plus, as tel: and wa.me want it: 05321234567, 5321234567 and
 * +90 532 123 45 67 all give 905321234567. A number written with another country code (+44 …) keeps it.
 */
export function internationalPhone(phone: string): string {
  const digits = phone.replace(/\D/g, '');
  if (phone.trim().startsWith('+') || (digits.startsWith('90') && digits.length === 12)) return digits;
  return `90${digits.replace(/^0/, '')}`;
}

export const telHref = (phone: string) => `tel:+${internationalPhone(phone)}`;

/** 'https://wa.me/905321234567', with a prepared message when one is given (the person still presses send). */
export const whatsappHref = (phone: string, text?: string) =>
  `https://wa.me/${internationalPhone(phone)}${text ? `?text=${encodeURIComponent(text)}` : ''}`;
