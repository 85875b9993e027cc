import { WEEK_DAY_LABELS, WEEK_DAYS } from '../../../../../contracts/facility-form';
import { Switch } from '../../ui/Switch';
import { TimeField } from '../../ui/TimeField';
import { GroupError, type TabProps } from './fields';
import { errorUnder, isOvernight } from './form-state';

/** Çalışma Saatleri: each weekday open or closed with its hours; an end before the start runs past midnight. */
export function HoursTab({ form, update, errors }: TabProps) {
  return (
    <div className="space-y-3">
      <p className="text-sm text-slate-700 dark:text-slate-300">
        Gece yarısını geçen saatler (örn. 18:00–02:00) kapanışı ertesi güne sayılır.
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
                  <TimeField
                    label={`${label} açılış`}
                    value={h.start}
                    onChange={(start) => set({ start })}
                    className="w-28"
                    errorMessage={errors[`workingHours.${day}.start`]}
                  />
                  <TimeField
                    label={`${label} kapanış`}
                    value={h.end}
                    onChange={(end) => set({ end })}
                    className="w-28"
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
