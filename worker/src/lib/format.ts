// The notification texts' long dates are written out (contracts/dates.ts): building a tr-TR Intl formatter's output
// cost every booking a measurable slice of CPU (bench:profile).
export { trLongDate } from '../../../contracts/dates';
export { slotDateText, slotStartText } from '../../../contracts/slot-start';

export function maskPhone(phone: string): string {
  return phone.length === 11 ? `${phone.slice(0, 4)} *** ** ${phone.slice(9)}` : '***';
}
