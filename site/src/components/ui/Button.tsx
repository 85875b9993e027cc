import { composeRenderProps, Button as RACButton, type ButtonProps as RACButtonProps } from 'react-aria-components';
import { tv, type VariantProps } from 'tailwind-variants';
import { focusRing } from './focus';

export const button = tv({
  base: `inline-flex items-center justify-center gap-2 rounded-lg font-semibold transition ${focusRing} disabled:cursor-not-allowed disabled:opacity-60 cursor-pointer`,
  variants: {
    variant: {
      primary: 'bg-turf-700 text-white hover:bg-turf-800 data-pressed:bg-turf-900',
      secondary:
        'border border-slate-300 bg-white text-slate-900 hover:bg-slate-50 dark:border-slate-600 dark:bg-slate-900 dark:text-slate-100 dark:hover:bg-slate-800',
      danger: 'bg-red-700 text-white hover:bg-red-800',
      ghost: 'text-slate-800 hover:bg-slate-100 dark:text-slate-100 dark:hover:bg-slate-800',
      /** An icon button in a header or a list row. */
      quiet:
        'text-slate-700 hover:bg-slate-100 data-pressed:bg-slate-200 dark:text-slate-200 dark:hover:bg-slate-800 dark:data-pressed:bg-slate-700',
    },
    size: {
      sm: 'px-3 py-1.5 text-sm',
      md: 'px-4 py-2 text-sm',
      lg: 'px-5 py-3 text-base',
      icon: 'h-10 w-10',
      iconSm: 'h-8 w-8',
      /** Inside a text box, as tall as the box lets it be. */
      inset: 'px-2',
    },
  },
  defaultVariants: { variant: 'primary', size: 'md' },
});

export interface ButtonProps extends RACButtonProps, VariantProps<typeof button> {}

export function Button({ variant, size, ...props }: ButtonProps) {
  return (
    <RACButton
      {...props}
      className={composeRenderProps(props.className, (className, renderProps) =>
        button({ ...renderProps, variant, size, className }),
      )}
    />
  );
}
