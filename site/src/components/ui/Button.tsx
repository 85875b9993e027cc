import { composeRenderProps, Button as RACButton, type ButtonProps as RACButtonProps } from 'react-aria-components';
import { tv, type VariantProps } from 'tailwind-variants';
import { buttonBase, buttonSizes, buttonVariants } from './button-styles';

export const button = tv({
  base: buttonBase,
  variants: { variant: buttonVariants('aria'), size: buttonSizes },
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
