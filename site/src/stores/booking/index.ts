// The public booking flow's store, split by job: the pitch, the calendar and its moves, the slots and their live
// updates, the steps, the form, sending it, the same-day warning, the phone field.
export { datesOf, monthEnd, monthStart, weekdayIndex } from '../../../../contracts/dates';
export * from './calendar';
export * from './duplicate';
export * from './facility';
export * from './flow';
export * from './form';
export * from './form-rules';
export * from './length';
export * from './length-choice';
export * from './live';
export * from './navigate';
export * from './phone-typing';
export * from './slot-time';
export * from './slots';
export * from './start';
export * from './steps-history';
export * from './submit';
export * from './texts';
