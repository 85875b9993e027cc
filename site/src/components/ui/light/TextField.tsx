import { type InputHTMLAttributes, type ReactNode, useId } from 'react';
import { fieldDescription, fieldError, fieldLabel, input, inputBox } from '../field';

// ui/TextField's look and props on native elements, for the public islands (see light/Button.tsx): the label, the
// hint and the error are tied to the input by for/aria-describedby, and an error sets aria-invalid.
export interface TextFieldProps
  extends Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'value' | 'disabled' | 'className'> {
  label: string;
  value: string;
  onChange: (value: string) => void;
  description?: ReactNode;
  errorMessage?: string | null;
  isDisabled?: boolean;
  /** A button inside the box at its end (e.g. show the password). */
  suffix?: ReactNode;
}

export function TextField({
  label,
  value,
  onChange,
  description,
  errorMessage,
  isDisabled,
  suffix,
  ...props
}: TextFieldProps) {
  const id = useId();
  const hint = description ? `${id}-hint` : undefined;
  const error = errorMessage ? `${id}-error` : undefined;
  const field = (
    <input
      {...props}
      id={id}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      disabled={isDisabled}
      aria-invalid={errorMessage ? true : undefined}
      aria-describedby={[hint, error].filter(Boolean).join(' ') || undefined}
      className={suffix ? `block w-full py-2 pr-12 pl-3 ${inputBox}` : input}
    />
  );
  return (
    <div className="block">
      <label htmlFor={id} className={fieldLabel}>
        {label}
      </label>
      {suffix ? (
        <div className="relative mt-1">
          {field}
          {suffix}
        </div>
      ) : (
        field
      )}
      {description && (
        <span id={hint} className={fieldDescription}>
          {description}
        </span>
      )}
      {errorMessage && (
        <span id={error} className={fieldError}>
          {errorMessage}
        </span>
      )}
    </div>
  );
}
