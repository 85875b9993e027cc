import { parseTime, type Time } from '@internationalized/date';
import {
  DateInput,
  DateSegment,
  FieldError,
  I18nProvider,
  Label,
  TimeField as RACTimeField,
  type TimeFieldProps as RACTimeFieldProps,
  Text,
  type TimeValue,
} from 'react-aria-components';
import { DATE_LOCALE } from './DatePicker';
import { fieldDescription, fieldError, fieldLabel } from './field';

/** 'HH:MM' (the wire format) to a time; anything else is no time. */
export function timeFromHhmm(value: string | null | undefined): Time | null {
  if (!value || !/^\d{2}:\d{2}$/.test(value)) return null;
  try {
    return parseTime(value);
  } catch {
    return null;
  }
}
const hhmm = (t: TimeValue | null) =>
  t ? `${String(t.hour).padStart(2, '0')}:${String(t.minute).padStart(2, '0')}` : '';

export interface TimeFieldProps extends Omit<RACTimeFieldProps<Time>, 'value' | 'onChange' | 'className'> {
  label: string;
  /** 'HH:MM'; '' is no time. */
  value: string;
  onChange: (value: string) => void;
  description?: string;
  errorMessage?: string | null;
  className?: string;
}

const group =
  'mt-1 flex w-full min-w-0 items-center rounded-lg border border-slate-400 bg-white px-3 py-2 text-slate-900 tabular-nums ' +
  'outline-none focus-within:border-turf-700 focus-within:ring-2 focus-within:ring-turf-600/40 data-invalid:border-red-700 ' +
  'dark:border-slate-500 dark:bg-slate-900 dark:text-slate-100 dark:data-invalid:border-red-400';
const segment =
  'rounded px-0.5 outline-none caret-transparent focus:bg-turf-700 focus:text-white data-placeholder:text-slate-500 ' +
  'data-[type=literal]:px-0 dark:data-placeholder:text-slate-400';

/** Hours and minutes the Turkish way (24-hour, HH:MM) whatever the browser's language, like DatePicker's dates. */
export function TimeField({ label, value, onChange, description, errorMessage, className, ...props }: TimeFieldProps) {
  return (
    <I18nProvider locale={DATE_LOCALE}>
      <RACTimeField
        {...props}
        hourCycle={24}
        shouldForceLeadingZeros
        value={timeFromHhmm(value)}
        onChange={(t) => onChange(hhmm(t))}
        isInvalid={Boolean(errorMessage) || props.isInvalid}
        className={`flex min-w-0 flex-col ${className ?? ''}`}
      >
        <Label className={fieldLabel}>{label}</Label>
        <DateInput className={group}>{(s) => <DateSegment segment={s} className={segment} />}</DateInput>
        {description && (
          <Text slot="description" className={fieldDescription}>
            {description}
          </Text>
        )}
        <FieldError className={fieldError}>{errorMessage}</FieldError>
      </RACTimeField>
    </I18nProvider>
  );
}
