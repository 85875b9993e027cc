import type { ButtonHTMLAttributes } from 'react';

// The look of ui/Button without tailwind-variants: that library alone (≈18 KB gzip) does not fit the pitch page's
// 100 KB budget next to React DOM. Native buttons: Enter and Space work as they should.
const variants = {
  primary: 'bg-turf-700 text-white hover:bg-turf-800 active:bg-turf-900',
  secondary:
    'border border-slate-300 bg-white text-slate-900 hover:bg-slate-50 dark:border-slate-600 dark:bg-slate-900 dark:text-slate-100 dark:hover:bg-slate-800',
  danger: 'bg-red-700 text-white hover:bg-red-800',
  ghost: 'text-slate-800 hover:bg-slate-100 dark:text-slate-100 dark:hover:bg-slate-800',
};
const sizes = { sm: 'px-3 py-1.5 text-sm', md: 'px-4 py-2 text-sm', lg: 'px-5 py-3 text-base' };
export type ActionVariant = keyof typeof variants;

export const action = (variant: ActionVariant = 'primary', size: keyof typeof sizes = 'md', extra = '') =>
  `inline-flex cursor-pointer items-center justify-center gap-2 rounded-lg font-semibold transition disabled:cursor-not-allowed disabled:opacity-60 aria-disabled:cursor-wait aria-disabled:opacity-70 ${variants[variant]} ${sizes[size]} ${extra}`;

interface ActionProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: ActionVariant;
  size?: keyof typeof sizes;
  /** Busy: stays focusable and announced, ignores presses. */
  pending?: boolean;
}

export function Action({ variant, size, className, pending, onClick, type = 'button', ...props }: ActionProps) {
  return (
    <button
      type={type}
      {...props}
      aria-disabled={pending || undefined}
      onClick={(e) => {
        if (pending) e.preventDefault();
        else onClick?.(e);
      }}
      className={action(variant, size, className)}
    />
  );
}
