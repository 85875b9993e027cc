import type { ButtonHTMLAttributes } from 'react';
import { type ButtonSize, type ButtonVariant, buttonBase, buttonSizes, buttonVariants } from '../button-styles';

// ui/Button's look and props on a native <button>, for the public islands (tracking, login): react-aria's press
// handling and tailwind-variants (≈ 30 KB gzip together) do not fit those pages' budgets next to React DOM. A native
// button already answers Enter and Space, and `disabled` takes it out of the tab order as isDisabled does.
const variants = buttonVariants('native');

/** The same classes for a server-rendered <button> (the login page has no React, see pages/giris.astro). */
export function buttonClass(variant: ButtonVariant = 'primary', size: ButtonSize = 'md', extra = '') {
  return `${buttonBase} ${variants[variant]} ${buttonSizes[size]} ${extra}`;
}

export interface ButtonProps extends Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'disabled'> {
  variant?: ButtonVariant;
  size?: ButtonSize;
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
