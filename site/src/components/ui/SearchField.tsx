import { useId } from 'react';
import {
  composeRenderProps,
  Input,
  Label,
  SearchField as RACSearchField,
  type SearchFieldProps as RACSearchFieldProps,
} from 'react-aria-components';
import { withBase } from './compose';
import { fieldLabel, input } from './field';
import { SearchIcon } from './icons';

export interface SearchFieldProps extends RACSearchFieldProps {
  label: string;
  placeholder?: string;
  /** Read to screen readers with the field, not shown. */
  hint?: string;
  /** The hint's id, when a page or a test refers to it. */
  hintId?: string;
  /** A magnifier inside the box, before the text. */
  withIcon?: boolean;
  size?: 'sm' | 'md';
}

/** A labelled search box (role searchbox; Escape clears it); the browser's own clear button is hidden. */
export function SearchField({ label, placeholder, hint, hintId, withIcon, size = 'md', ...props }: SearchFieldProps) {
  const ownId = useId();
  const describedBy = hint ? (hintId ?? ownId) : undefined;
  return (
    <RACSearchField
      {...props}
      aria-describedby={describedBy ?? props['aria-describedby']}
      className={composeRenderProps(props.className, withBase('block'))}
    >
      <Label className={fieldLabel}>{label}</Label>
      <div className="relative">
        {withIcon && (
          <SearchIcon className="pointer-events-none absolute top-1/2 left-3 mt-0.5 h-4 w-4 -translate-y-1/2 text-slate-600 dark:text-slate-300" />
        )}
        <Input
          placeholder={placeholder}
          className={`${input} ${size === 'sm' ? 'text-sm' : ''} ${withIcon ? 'pl-9' : ''} [&::-webkit-search-cancel-button]:hidden`}
        />
      </div>
      {hint && (
        <span id={describedBy} className="sr-only">
          {hint}
        </span>
      )}
    </RACSearchField>
  );
}
