import type { ButtonHTMLAttributes } from 'react';
import { focusRing } from '../focus';

// ui/Button's look and props on a native <button>, for the public islands (tracking, login): react-aria's press
// handling and tailwind-variants (≈ 30 KB gzip together) do not fit those pages' budgets next to React DOM. A native
// button already answers Enter and Space, and `disabled` takes it out of the tab order as isDisabled does.
const variants = {
  primary: 'bg-turf-700 text-white hover:bg-turf-800 active:bg-turf-900',
  secondary:
    'border border-slate-300 bg-white text-slate-900 hover:bg-slate-50 dark:border-slate-600 dark:bg-slate-900 dark:text-slate-100 dark:hover:bg-slate-800',
  danger: 'bg-red-700 text-white hover:bg-red-800',
  ghost: 'text-slate-800 hover:bg-slate-100 dark:text-slate-100 dark:hover:bg-slate-800',
  quiet:
    'text-slate-700 hover:bg-slate-100 active:bg-slate-200 dark:text-slate-200 dark:hover:bg-slate-800 dark:active:bg-slate-700',
};
const sizes = { sm: 'px-3 py-1.5 text-sm', md: 'px-4 py-2 text-sm', lg: 'px-5 py-3 text-base', inset: 'px-2' };

/** The same classes for a server-rendered <button> (the login page has no React, see pages/giris.astro). */
export function buttonClass(variant: keyof typeof variants = 'primary', size: keyof typeof sizes = 'md', extra = '') {
  return `inline-flex cursor-pointer items-center justify-center gap-2 rounded-lg font-semibold transition ${focusRing} disabled:cursor-not-allowed disabled:opacity-60 ${variants[variant]} ${sizes[size]} ${extra}`;
}

export interface ButtonProps extends Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'disabled'> {
  variant?: keyof typeof variants;
  size?: keyof typeof sizes;
  onPress?: () => void;
  isDisabled?: boolean;
}

export function Button({
  variant = 'primary',
  size = 'md',
  onPress,
  isDisabled,
  className = '',
  type = 'button',
  ...props
}: ButtonProps) {
  return (
    <button
      type={type}
      {...props}
      disabled={isDisabled}
      onClick={onPress}
      className={buttonClass(variant, size, className)}
    />
  );
}
