import { focusRing } from './focus';

// The buttons' one look, as plain strings: ui/Button wraps it in tailwind-variants; ui/light/Button and booking/Action
// use it on the public pages, whose budgets leave no room for that library.

export const buttonBase = `inline-flex cursor-pointer items-center justify-center gap-2 rounded-lg font-semibold transition ${focusRing} disabled:cursor-not-allowed disabled:opacity-60`;

export type ButtonVariant = 'primary' | 'secondary' | 'danger' | 'ghost' | 'quiet';

/** Each variant's colours; pressed, react-aria marks a button `data-pressed` and a native one is `:active`. */
export const buttonVariants = (pressed: 'aria' | 'native'): Record<ButtonVariant, string> => {
  const aria = pressed === 'aria';
  return {
    primary: `bg-turf-700 text-white hover:bg-turf-800 ${aria ? 'data-pressed:bg-turf-900' : 'active:bg-turf-900'}`,
    secondary:
      'border border-slate-300 bg-white text-slate-900 hover:bg-slate-50 dark:border-slate-600 dark:bg-slate-900 dark:text-slate-100 dark:hover:bg-slate-800',
    danger: 'bg-red-700 text-white hover:bg-red-800',
    ghost: 'text-slate-800 hover:bg-slate-100 dark:text-slate-100 dark:hover:bg-slate-800',
    /** An icon button in a header or a list row. */
    quiet: `text-slate-700 hover:bg-slate-100 dark:text-slate-200 dark:hover:bg-slate-800 ${
      aria ? 'data-pressed:bg-slate-200 dark:data-pressed:bg-slate-700' : 'active:bg-slate-200 dark:active:bg-slate-700'
    }`,
  };
};

export const buttonSizes = {
  sm: 'px-3 py-1.5 text-sm',
  md: 'px-4 py-2 text-sm',
  lg: 'px-5 py-3 text-base',
  icon: 'h-10 w-10',
  iconSm: 'h-8 w-8',
  /** Inside a text box, as tall as the box lets it be. */
  inset: 'px-2',
};
export type ButtonSize = keyof typeof buttonSizes;
