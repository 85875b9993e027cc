import { type ReactNode, useId } from 'react';
import { fieldError, fieldLabel, input } from './field';

interface SelectProps<V extends string> {
  label: string;
  value: V;
  onChange: (value: V) => void;
  /** The choices; or pass `<option>`s as children. */
  options?: readonly { value: V; label: string }[];
  children?: ReactNode;
  isRequired?: boolean;
  isDisabled?: boolean;
  errorMessage?: string | null;
  description?: ReactNode;
  name?: string;
  className?: string;
}

/**
 * A labelled native select: every browser and screen reader knows it, a phone opens its own picker, it fits a filter
 * bar at 360 px; its error and hint are tied to it for screen readers.
 */
export function Select<V extends string>({
  label,
  value,
  onChange,
  options,
  children,
  isRequired,
  isDisabled,
  errorMessage,
  description,
  name,
  className = '',
}: SelectProps<V>) {
  const id = useId();
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const describedBy = [errorMessage ? errorId : '', description ? hintId : ''].filter(Boolean).join(' ') || undefined;
  return (
    <div className={`block min-w-0 ${className}`}>
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
        onChange={(e) => onChange(e.currentTarget.value as V)}
        className={`${input} max-w-full disabled:opacity-60 dark:[color-scheme:dark]`}
      >
        {options?.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
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
