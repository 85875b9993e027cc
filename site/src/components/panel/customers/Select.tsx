import { useId } from 'react';
import { fieldLabel, input } from '../../ui/field';

interface SelectProps<V extends string> {
  label: string;
  value: V;
  options: readonly { value: V; label: string }[];
  onChange: (value: V) => void;
  className?: string;
}

/** A labelled native select: every browser and screen reader knows it, and it fits a filter bar at 360 px. */
export function Select<V extends string>({ label, value, options, onChange, className = '' }: SelectProps<V>) {
  const id = useId();
  return (
    <div className={`min-w-0 ${className}`}>
      <label htmlFor={id} className={fieldLabel}>
        {label}
      </label>
      <select
        id={id}
        value={value}
        onChange={(e) => onChange(e.currentTarget.value as V)}
        className={`${input} text-sm`}
      >
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </div>
  );
}
