const longDate = new Intl.DateTimeFormat('tr-TR', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  weekday: 'long',
  timeZone: 'UTC',
});

/** '21 Kasım 2026 Cumartesi' for a business date YYYY-MM-DD. */
export const trLongDate = (date: string) => longDate.format(new Date(date + 'T00:00:00Z'));

export function maskPhone(phone: string): string {
  return phone.length === 11 ? `${phone.slice(0, 4)} *** ** ${phone.slice(9)}` : '***';
}
