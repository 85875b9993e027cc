import type { HTMLAttributes, ReactNode } from 'react';
import { IsoDatePicker } from '../ui/DatePicker';
import { SearchField, type SearchFieldProps } from '../ui/SearchField';

// The fields a list screen's filter bar shares: its search box and its date range.

/** The bar's search box ('Ara'), with its hint read out with it. */
export function FilterSearch(props: Omit<SearchFieldProps, 'label' | 'withIcon' | 'size'>) {
  return <SearchField label="Ara" withIcon size="sm" {...props} />;
}

const field = { className: 'min-w-40 flex-1' };

interface Props extends HTMLAttributes<HTMLDivElement> {
  from: string;
  to: string;
  onFrom: (value: string) => unknown;
  onTo: (value: string) => unknown;
  /** Buttons after the two fields (clear, quick ranges). */
  children?: ReactNode;
}

/**
 * A filter bar's date range: dd.mm.yyyy in every browser, YYYY-MM-DD in the store and the address; each end bounds the
 * other's calendar.
 */
export function DateRangeFields({ from, to, onFrom, onTo, children, className, ...props }: Props) {
  return (
    <div
      {...props}
      className={
        className ? `${className} flex min-w-0 flex-wrap items-end gap-2` : 'flex min-w-0 flex-wrap items-end gap-2'
      }
    >
      <IsoDatePicker {...field} label="Başlangıç tarihi" value={from} max={to} onChange={(v) => void onFrom(v)} />
      <IsoDatePicker {...field} label="Bitiş tarihi" value={to} min={from} onChange={(v) => void onTo(v)} />
      {children}
    </div>
  );
}
