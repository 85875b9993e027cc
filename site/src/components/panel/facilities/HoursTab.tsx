import { WEEK_DAY_LABELS, WEEK_DAYS } from '../../../../../contracts/facility-form';
import { Switch } from '../../ui/Switch';
import { TextField } from '../../ui/TextField';
import { GroupError, type TabProps } from './fields';
import { errorUnder, isOvernight, normaliseClock } from './form-state';

/**
 * A clock time typed as HH:MM. Not a segmented time field: that one cannot hold 24:00 and turned a typed '24' into
 * 04 (open until 4 am); here what is typed stays, is tidied when the field is left ('2400' → '24:00') and the shared
 * schema refuses what is not a time with a Turkish message.
 */
function ClockField({
  label,
  value,
  onChange,
  errorMessage,
}: {
  label: string;
  value: string;
  onChange: (v: string) => void;
  errorMessage?: string;
}) {
  return (
    <div className="w-32">
      <TextField
        label={label}
        value={value}
        onChange={onChange}
        onBlur={() => {
          const tidy = normaliseClock(value);
          if (tidy !== value) onChange(tidy);
        }}
        placeholder="SS:DD"
        inputMode="decimal"
        autoComplete="off"
        maxLength={8}
        inputClassName="tabular-nums"
        errorMessage={errorMessage}
      />
    </div>
  );
}

/** Çalışma Saatleri: each weekday open or closed with its hours; an end before the start runs past midnight. */
export function HoursTab({ form, update, errors }: TabProps) {
  return (
    <div className="space-y-3">
      <p className="text-sm text-slate-700 dark:text-slate-300">
        Saatleri SS:DD biçiminde yazın. Gece yarısı kapanan gün için kapanış 24:00; gece yarısını geçen saatler (örn.
        18:00–02:00) kapanışı ertesi güne sayılır.
      </p>
      <ul className="space-y-3">
        {WEEK_DAYS.map((day) => {
          const h = form.workingHours[day];
          const label = WEEK_DAY_LABELS[day];
          const set = (patch: Partial<typeof h>) =>
            update((s) => ({ ...s, workingHours: { ...s.workingHours, [day]: { ...s.workingHours[day], ...patch } } }));
          return (
            <li
              key={day}
              data-day={day}
              className="grid min-w-0 gap-3 rounded-xl border border-slate-200 p-3 sm:grid-cols-[9rem_1fr] sm:items-center dark:border-slate-700"
            >
              <Switch isSelected={h.isOpen} onChange={(isOpen) => set({ isOpen })}>
                <span className="font-semibold">{label}</span>
                <span className="sr-only"> açık</span>
              </Switch>
              {h.isOpen ? (
                <div className="flex min-w-0 flex-wrap items-end gap-2">
                  <ClockField
                    label={`${label} açılış`}
                    value={h.start}
                    onChange={(start) => set({ start })}
                    errorMessage={errors[`workingHours.${day}.start`]}
                  />
                  <ClockField
                    label={`${label} kapanış`}
                    value={h.end}
                    onChange={(end) => set({ end })}
                    errorMessage={errors[`workingHours.${day}.end`]}
                  />
                  {isOvernight(h.start, h.end) && (
                    <span
                      className="mb-2 rounded-full bg-indigo-50 px-2 py-0.5 text-xs font-semibold text-indigo-900 dark:bg-indigo-950 dark:text-indigo-100"
                      data-overnight
                    >
                      ertesi gün
                    </span>
                  )}
                </div>
              ) : (
                <p className="text-sm text-slate-700 dark:text-slate-300">Kapalı</p>
              )}
              <GroupError message={errors[`workingHours.${day}`] ?? errorUnder(errors, `workingHours.${day}.isOpen`)} />
            </li>
          );
        })}
      </ul>
    </div>
  );
}
