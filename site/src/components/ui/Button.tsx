import { Button as RACButton, composeRenderProps, type ButtonProps as RACButtonProps } from 'react-aria-components';
import { tv, type VariantProps } from 'tailwind-variants';

export const button = tv({
  base: 'inline-flex items-center justify-center gap-2 rounded-lg font-semibold transition outline-none focus-visible:ring-4 focus-visible:ring-turf-600/40 disabled:cursor-not-allowed disabled:opacity-60 cursor-pointer',
  variants: {
    variant: {
      primary: 'bg-turf-700 text-white hover:bg-turf-800 data-pressed:bg-turf-900',
      secondary: 'border border-slate-300 bg-white text-slate-900 hover:bg-slate-50 dark:border-slate-600 dark:bg-slate-900 dark:text-slate-100 dark:hover:bg-slate-800',
      danger: 'bg-red-700 text-white hover:bg-red-800',
      ghost: 'text-slate-800 hover:bg-slate-100 dark:text-slate-100 dark:hover:bg-slate-800',
    },
    size: { sm: 'px-3 py-1.5 text-sm', md: 'px-4 py-2 text-sm', lg: 'px-5 py-3 text-base' },
  },
  defaultVariants: { variant: 'primary', size: 'md' },
});

export interface ButtonProps extends RACButtonProps, VariantProps<typeof button> {}

export function Button({ variant, size, ...props }: ButtonProps) {
  return <RACButton {...props} className={composeRenderProps(props.className, (className, renderProps) => button({ ...renderProps, variant, size, className }))} />;
}
