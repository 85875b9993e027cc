import { type CalendarDate, parseDate } from '@internationalized/date';
import { type ReactNode, useEffect, useState } from 'react';
import {
  Calendar,
  CalendarCell,
  CalendarGrid,
  CalendarGridBody,
  CalendarGridHeader,
  CalendarHeaderCell,
  composeRenderProps,
  DateInput,
  DateSegment,
  type DateValue,
  Dialog,
  FieldError,
  Group,
  Heading,
  I18nProvider,
  Label,
  Button as RACButton,
  DatePicker as RACDatePicker,
  type DatePickerProps as RACDatePickerProps,
  Text,
} from 'react-aria-components';
import { tv } from 'tailwind-variants';
import { fieldDescription, fieldError, fieldLabel } from './field';
import { focusRing } from './focus';
import { CalendarIcon } from './icons';
import { Popover } from './Popover';

/** Dates are entered and shown the Turkish way, dd.mm.yyyy, whatever the browser's language. */
export const DATE_LOCALE = 'tr-TR';

/** 'YYYY-MM-DD' (the wire format, behaviour.md#time-money-and-identity) to a calendar date; anything else is no date. */
export function dateFromIso(value: string | null | undefined): CalendarDate | null {
  if (!value || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return null;
  try {
    return parseDate(value);
  } catch {
    return null;
  }
}

/** A calendar date back to 'YYYY-MM-DD'; no date is ''. */
export const isoFromDate = (value: DateValue | null | undefined): string =>
  value ? value.toString().slice(0, 10) : '';

/**
 * react-aria reports a date as soon as every segment holds a number, so typing the year 2026 passes through 0002, 0020
 * and 0202: true while the year is still being typed, so a caller can wait for it instead of filtering on year 2.
 */
export const isTypingYear = (value: DateValue | null | undefined) => Boolean(value && value.year < 1000);

const field = tv({
  slots: {
    root: 'flex min-w-0 flex-col',
    label: fieldLabel,
    group:
      'mt-1 flex w-full min-w-0 items-center rounded-lg border border-slate-400 bg-white pl-3 text-sm text-slate-900 outline-none focus-within:border-turf-700 focus-within:ring-2 focus-within:ring-turf-600/40 dark:border-slate-500 dark:bg-slate-900 dark:text-slate-100',
    input: 'flex min-w-0 flex-1 py-2 tabular-nums',
    trigger: `flex h-9 w-9 shrink-0 cursor-pointer items-center justify-center rounded-r-lg text-slate-700 hover:bg-slate-100 dark:text-slate-200 dark:hover:bg-slate-800 ${focusRing}`,
    description: fieldDescription,
    error: fieldError,
  },
  variants: {
    isInvalid: { true: { group: 'border-red-700 dark:border-red-400' } },
    isDisabled: { true: { group: 'opacity-60' } },
  },
});

const segment = tv({
  base: 'rounded px-0.5 outline-none caret-transparent focus:bg-turf-700 focus:text-white',
  variants: {
    isPlaceholder: { true: 'text-slate-500 dark:text-slate-400' },
    isLiteral: { true: 'px-0 text-slate-500 dark:text-slate-400' },
  },
});

const cell = tv({
  base: `flex h-9 w-9 cursor-pointer items-center justify-center rounded-lg text-sm hover:bg-slate-100 dark:hover:bg-slate-800 ${focusRing}`,
  variants: {
    isSelected: { true: 'bg-turf-700 text-white hover:bg-turf-800 dark:hover:bg-turf-800' },
    isDisabled: { true: 'cursor-default text-slate-400 hover:bg-transparent dark:text-slate-600' },
    isOutsideMonth: { true: 'invisible' },
  },
});

function MonthHeader() {
  const nav = `flex h-8 w-8 cursor-pointer items-center justify-center rounded-lg hover:bg-slate-100 dark:hover:bg-slate-800 ${focusRing}`;
  return (
    <header className="mb-2 flex items-center justify-between gap-2">
      <RACButton slot="previous" aria-label="Önceki ay" className={nav}>
        ‹
      </RACButton>
      <Heading className="text-sm font-semibold" />
      <RACButton slot="next" aria-label="Sonraki ay" className={nav}>
        ›
      </RACButton>
    </header>
  );
}

function Grid() {
  return (
    <CalendarGrid className="border-separate border-spacing-0.5">
      <CalendarGridHeader>
        {(day) => (
          <CalendarHeaderCell className="text-xs font-medium text-slate-600 dark:text-slate-300">
            {day}
          </CalendarHeaderCell>
        )}
      </CalendarGridHeader>
      <CalendarGridBody>
        {(date) => (
          <CalendarCell date={date} className={composeRenderProps('', (className, p) => cell({ ...p, className }))} />
        )}
      </CalendarGridBody>
    </CalendarGrid>
  );
}

/** A typed date the field does not allow (before its minimum or after its maximum). */
export const DATE_OUTSIDE_RANGE = 'Bu tarih seçilebilir aralığın dışında';

interface FieldTexts {
  label: string;
  description?: string;
  errorMessage?: string | null;
  /** The name of the calendar button, e.g. 'Başlangıç tarihi için takvimi aç'. */
  calendarLabel?: string;
  children?: ReactNode;
}

export interface DatePickerProps<T extends DateValue> extends Omit<RACDatePickerProps<T>, 'children'>, FieldTexts {}

/** A single date: typed segment by segment as dd.mm.yyyy, or picked from a calendar (react-aria, locale tr-TR). */
export function DatePicker<T extends DateValue>({
  label,
  description,
  errorMessage,
  calendarLabel,
  className,
  ...props
}: DatePickerProps<T>) {
  const s = field({ isInvalid: Boolean(errorMessage) || props.isInvalid, isDisabled: props.isDisabled });
  return (
    <I18nProvider locale={DATE_LOCALE}>
      <RACDatePicker
        {...props}
        isInvalid={Boolean(errorMessage) || props.isInvalid}
        className={composeRenderProps(className, (c) => s.root({ className: c }))}
      >
        <Label className={s.label()}>{label}</Label>
        <Group className={s.group()}>
          <DateInput className={s.input()}>
            {(seg) => (
              <DateSegment
                segment={seg}
                className={composeRenderProps('', (c, p) => segment({ ...p, className: c }))}
              />
            )}
          </DateInput>
          <RACButton aria-label={calendarLabel ?? `${label} için takvimi aç`} className={s.trigger()}>
            <CalendarIcon />
          </RACButton>
        </Group>
        {description && (
          <Text slot="description" className={s.description()}>
            {description}
          </Text>
        )}
        {/* react-aria words its own range errors in the browser's language, not the page's: ours is Turkish. */}
        <FieldError className={s.error()}>{errorMessage || DATE_OUTSIDE_RANGE}</FieldError>
        <Popover className="p-3 shadow-lg">
          <Dialog className="outline-none">
            <Calendar>
              <MonthHeader />
              <Grid />
            </Calendar>
          </Dialog>
        </Popover>
      </RACDatePicker>
    </I18nProvider>
  );
}

export interface IsoDatePickerProps
  extends Omit<DatePickerProps<CalendarDate>, 'value' | 'defaultValue' | 'onChange' | 'minValue' | 'maxValue'> {
  /** 'YYYY-MM-DD' or '' (the wire format, behaviour.md#time-money-and-identity). */
  value: string;
  onChange: (value: string) => void;
  min?: string;
  max?: string;
}

/**
 * The DatePicker for state kept as 'YYYY-MM-DD' strings (filters in the address, API queries). It keeps what is being
 * typed to itself and reports a date only once its year is whole, so 0002 → 0020 → 0202 never reaches the caller.
 */
export function IsoDatePicker({ value, onChange, min, max, ...props }: IsoDatePickerProps) {
  const [draft, setDraft] = useState<CalendarDate | null>(() => dateFromIso(value));
  useEffect(() => {
    setDraft((current) => (isoFromDate(current) === value ? current : dateFromIso(value)));
  }, [value]);
  return (
    <DatePicker<CalendarDate>
      {...props}
      value={draft}
      minValue={dateFromIso(min) ?? undefined}
      maxValue={dateFromIso(max) ?? undefined}
      onChange={(d) => {
        setDraft(d);
        if (!isTypingYear(d)) onChange(isoFromDate(d));
      }}
    />
  );
}
