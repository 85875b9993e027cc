import type { Step } from '../../stores/booking';
import { CheckIcon } from '../ui/icons';

export const STEPS = ['Saat Seçimi', 'Bilgiler', 'Onay'] as const;

export function StepIndicator({ step }: { step: Step }) {
  return (
    <nav aria-label="Rezervasyon adımları" className="mb-4 sm:mb-6">
      <ol className="flex items-center gap-2 sm:gap-4">
        {STEPS.map((label, i) => {
          const n = (i + 1) as Step;
          const state = n < step ? 'done' : n === step ? 'current' : 'todo';
          return (
            <li
              key={label}
              className="flex flex-1 items-center gap-2 sm:gap-3"
              aria-current={state === 'current' ? 'step' : undefined}
              data-step-state={state}
            >
              <span
                className={`flex h-8 w-8 shrink-0 items-center justify-center rounded-full border-2 text-sm font-bold ${
                  state === 'todo'
                    ? 'border-slate-400 text-slate-700 dark:border-slate-500 dark:text-slate-300'
                    : 'border-turf-700 bg-turf-700 text-white dark:border-turf-600 dark:bg-turf-700'
                }`}
                aria-hidden="true"
              >
                {state === 'done' ? <CheckIcon className="h-4 w-4" /> : n}
              </span>
              <span
                className={`text-sm whitespace-nowrap ${state === 'current' ? 'font-bold text-slate-900 dark:text-white' : 'font-medium text-slate-700 dark:text-slate-300'}`}
              >
                {label}
                <span className="sr-only">
                  {state === 'done' ? ' (tamamlandı)' : state === 'current' ? ' (şu anki adım)' : ''}
                </span>
              </span>
              {i < STEPS.length - 1 && (
                <span
                  aria-hidden="true"
                  className={`hidden h-0.5 flex-1 rounded sm:block ${n < step ? 'bg-turf-700' : 'bg-slate-300 dark:bg-slate-700'}`}
                />
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
