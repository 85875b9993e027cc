import { type ReactNode, useId } from 'react';
import { fieldError, fieldLabel, input } from '../../ui/field';

interface SelectProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  children: ReactNode;
  isRequired?: boolean;
  isDisabled?: boolean;
  errorMessage?: string | null;
  description?: ReactNode;
  name?: string;
}

/** A labelled native select: the phone's own picker on mobile, its error and hint tied to it for screen readers. */
export function Select({
  label,
  value,
  onChange,
  children,
  isRequired,
  isDisabled,
  errorMessage,
  description,
  name,
}: SelectProps) {
  const id = useId();
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const describedBy = [errorMessage ? errorId : '', description ? hintId : ''].filter(Boolean).join(' ') || undefined;
  return (
    <div className="block min-w-0">
      <label htmlFor={id} className={fieldLabel}>
        {label}
        {isRequired && (
          <span aria-hidden="true" className="text-red-700 dark:text-red-400">
            {' '}
            *
          </span>
        )}
      </label>
      <select
        id={id}
        name={name}
        value={value}
        disabled={isDisabled}
        aria-required={isRequired || undefined}
        aria-invalid={errorMessage ? true : undefined}
        aria-describedby={describedBy}
        onChange={(e) => onChange(e.target.value)}
        className={`${input} max-w-full disabled:opacity-60 dark:[color-scheme:dark]`}
      >
        {children}
      </select>
      {description && (
        <span id={hintId} className="mt-1 block text-xs text-slate-600 dark:text-slate-300">
          {description}
        </span>
      )}
      {errorMessage && (
        <span id={errorId} className={fieldError}>
          {errorMessage}
        </span>
      )}
    </div>
  );
}
