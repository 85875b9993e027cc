import type { ButtonHTMLAttributes } from 'react';
import { type ButtonVariant, buttonSizes, buttonVariants } from '../ui/button-styles';

// The look of ui/Button (ui/button-styles) without tailwind-variants: that library alone (≈18 KB gzip) does not fit the
// pitch page's 100 KB budget next to React DOM. Native buttons: Enter and Space work as they should.
const variants = buttonVariants('native');
export type ActionVariant = Exclude<ButtonVariant, 'quiet'>;
type ActionSize = 'sm' | 'md' | 'lg';

export const action = (variant: ActionVariant = 'primary', size: ActionSize = 'md', extra = '') =>
  `inline-flex cursor-pointer items-center justify-center gap-2 rounded-lg font-semibold transition disabled:cursor-not-allowed disabled:opacity-60 aria-disabled:cursor-wait aria-disabled:opacity-70 ${variants[variant]} ${buttonSizes[size]} ${extra}`;

interface ActionProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: ActionVariant;
  size?: ActionSize;
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
