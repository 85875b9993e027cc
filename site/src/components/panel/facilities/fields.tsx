import { type ReactNode, useId } from 'react';
import { fieldDescription, fieldError, fieldLabel, input } from '../../ui/field';
import type { FieldErrors, FormState } from './form-state';

// Native number boxes of the pitch form in the UI kit's look (field.ts): the browser's min / max / step, wired to a
// label, a hint and our Turkish error.

export interface TabProps {
  form: FormState;
  update: (change: (s: FormState) => FormState) => void;
  errors: FieldErrors;
}

interface NativeProps {
  label: string;
  value: string;
  onChange: (v: string) => void;
  error?: string;
  description?: ReactNode;
  min?: number;
  max?: number;
  step?: number | 'any';
  isRequired?: boolean;
  className?: string;
  /** A shorter visible label; `label` stays the accessible name. */
  hideLabel?: boolean;
}

export function NativeField({
  label,
  value,
  onChange,
  error,
  description,
  min,
  max,
  step,
  isRequired,
  className,
  hideLabel,
}: NativeProps) {
  const id = useId();
  const described = [description ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(' ');
  return (
    <div className={`block ${className ?? ''}`}>
      <label htmlFor={id} className={hideLabel ? 'sr-only' : fieldLabel}>
        {label}
        {isRequired && (
          <span aria-hidden="true" className="text-red-700 dark:text-red-400">
            {' '}
            *
          </span>
        )}
      </label>
      <input
        id={id}
        type="number"
        inputMode="decimal"
        value={value}
        min={min}
        max={max}
        step={step}
        required={isRequired}
        aria-invalid={error ? true : undefined}
        aria-describedby={described || undefined}
        onChange={(e) => onChange(e.target.value)}
        className={`${input} tabular-nums`}
      />
      {description && (
        <span id={`${id}-hint`} className={fieldDescription}>
          {description}
        </span>
      )}
      {error && (
        <span id={`${id}-error`} className={fieldError}>
          {error}
        </span>
      )}
    </div>
  );
}

/** An error that belongs to a group of fields (a list, a day), not to one box. */
export function GroupError({ message, id }: { message?: string; id?: string }) {
  if (!message) return null;
  return (
    <p id={id} className={fieldError}>
      {message}
    </p>
  );
}

export const sectionTitle = 'text-base font-semibold text-slate-900 dark:text-slate-100';
