import type { HTMLAttributes, Key, MouseEvent, ReactNode, TableHTMLAttributes, TdHTMLAttributes } from 'react';
import { tv } from 'tailwind-variants';

export const table = tv(
  {
    slots: { frame: '', table: 'w-full text-sm', caption: '', head: '', column: '', body: '', row: '', cell: '' },
    variants: {
      look: {
        /** A list screen's table in its card: a tinted header row in small capitals. */
        panel: {
          frame:
            'overflow-x-auto rounded-2xl border border-slate-200 bg-white shadow-sm dark:border-slate-700 dark:bg-slate-900',
          table: 'text-left',
          caption: 'sr-only',
          head: 'bg-slate-50 text-xs text-slate-700 uppercase dark:bg-slate-800 dark:text-slate-300',
          column: 'py-3 font-semibold',
          body: 'divide-y divide-slate-200 dark:divide-slate-700',
          cell: 'py-3',
        },
        /** Inside a dialog: small headers, rows parted by lines. */
        plain: {
          frame: 'overflow-x-auto',
          table: 'text-left',
          caption: 'sr-only',
          head: 'text-xs text-slate-700 dark:text-slate-300',
          column: 'py-2',
          body: 'divide-y divide-slate-200 dark:divide-slate-700',
          cell: 'py-2',
        },
        /** A report's figures: a visible caption, a rule above every row. */
        report: {
          // `relative`: an sr-only caption is absolutely placed; without a positioned parent it widens the page.
          frame: 'relative max-w-full overflow-x-auto print:overflow-visible',
          table: 'border-collapse',
          caption: 'mb-2 text-left text-sm font-semibold text-slate-700 dark:text-slate-300',
          column: 'p-2 font-semibold text-slate-800 dark:text-slate-200',
          row: 'border-t border-slate-200 dark:border-slate-700',
          cell: 'p-2 text-slate-800 dark:text-slate-200',
        },
      },
      /** Right-aligned figures. */
      numeric: { true: { column: 'text-right', cell: 'text-right tabular-nums' }, false: '' },
      /** A row header cell (`th scope="row"`): a report's row headers look like its column headers. */
      rowHeader: { true: '', false: '' },
      /** Many columns: narrower side padding. */
      dense: { true: '', false: '' },
      /** A click on the row opens it. */
      clickable: { true: { row: 'cursor-pointer hover:bg-slate-50 dark:hover:bg-slate-800/60' }, false: '' },
      /** The last column: no gap after it. */
      last: { true: '', false: '' },
    },
    compoundVariants: [
      { look: 'panel', dense: false, class: { column: 'px-4', cell: 'px-4' } },
      { look: 'panel', dense: true, class: { column: 'px-3', cell: 'px-3' } },
      { look: 'plain', last: false, class: { column: 'pr-3', cell: 'pr-3' } },
      { look: 'report', numeric: false, class: { column: 'text-left' } },
      { look: 'report', rowHeader: true, numeric: false, class: { cell: 'text-left font-semibold' } },
    ],
    defaultVariants: { look: 'panel', numeric: false, rowHeader: false, dense: false, clickable: false, last: false },
  },
  // A column's own classes are added, never merged away: the tables keep the classes they were written with.
  { twMerge: false },
);

type Look = 'panel' | 'plain' | 'report';
type DataAttributes = { [key: `data-${string}`]: string | number | boolean | undefined };

export interface Column<R> {
  label: ReactNode;
  /** Read by screen readers only (a column of buttons). */
  hideLabel?: boolean;
  numeric?: boolean;
  /** This column's cell names its row: a `th scope="row"`. */
  rowHeader?: boolean;
  /** Classes added to this column's header. */
  headClassName?: string;
  /** Classes added to this column's cells. */
  className?: string;
  cell?: (row: R, index: number) => ReactNode;
  cellProps?: (row: R) => TdHTMLAttributes<HTMLTableCellElement> & DataAttributes;
}

export interface TableProps<R> extends Omit<TableHTMLAttributes<HTMLTableElement>, 'children'>, DataAttributes {
  look?: Look;
  /** The table scrolls sideways inside a focusable region of this name (a report's wide table on a phone). */
  scrollLabel?: string;
  /** The row's buttons, in a last column whose header only screen readers read ('İşlem'). */
  actions?: (row: R) => ReactNode;
  /** A click on a row (not on its buttons or links) opens the row; its own button does it by keyboard. */
  onRowOpen?: (row: R) => void;
  dense?: boolean;
  caption?: ReactNode;
  columns: readonly Column<R>[];
  /** No header row: the row headers name every figure. */
  headless?: boolean;
  rows?: readonly R[];
  rowKey?: (row: R, index: number) => Key;
  rowProps?: (row: R, index: number) => HTMLAttributes<HTMLTableRowElement> & DataAttributes;
  /** Rows written by hand, for a grid the columns' cells do not describe. */
  children?: ReactNode;
  foot?: ReactNode;
}

/** A native table: its caption, a `th scope="col"` per column, then one row per item (or the rows given). */
export function Table<R>({
  look = 'panel',
  scrollLabel,
  onRowOpen,
  dense = false,
  caption,
  columns: own,
  actions,
  headless = false,
  rows = [],
  rowKey = (_, i) => i,
  rowProps,
  children,
  foot,
  className,
  ...props
}: TableProps<R>) {
  const s = table({ look, dense });
  const columns: readonly Column<R>[] = actions
    ? [
        ...own,
        { label: 'İşlem', hideLabel: true, className: look === 'panel' ? 'text-right' : undefined, cell: actions },
      ]
    : own;
  const last = columns.length - 1;
  const open = (row: R) => (e: MouseEvent) => {
    if (!(e.target as HTMLElement).closest('button, a')) onRowOpen?.(row);
  };
  const body = (
    <table {...props} className={s.table({ className })}>
      {caption !== undefined && <caption className={s.caption()}>{caption}</caption>}
      {!headless && (
        <thead className={s.head() || undefined}>
          <tr>
            {columns.map((c, i) => (
              <th
                // biome-ignore lint/suspicious/noArrayIndexKey: a table's columns never move; a column is its place
                key={i}
                scope="col"
                className={s.column({ numeric: c.numeric ?? false, last: i === last, className: c.headClassName })}
              >
                {c.hideLabel ? <span className="sr-only">{c.label}</span> : c.label}
              </th>
            ))}
          </tr>
        </thead>
      )}
      <tbody className={s.body() || undefined}>
        {children ??
          rows.map((row, r) => {
            const { className, ...attrs } = rowProps?.(row, r) ?? {};
            return (
              <tr
                key={rowKey(row, r)}
                {...attrs}
                onClick={onRowOpen && open(row)}
                className={s.row({ clickable: Boolean(onRowOpen), className }) || undefined}
              >
                {columns.map((c, i) => {
                  const Cell = c.rowHeader ? 'th' : 'td';
                  const cellClass = s.cell({
                    numeric: c.numeric ?? false,
                    rowHeader: c.rowHeader ?? false,
                    last: i === last,
                    className: c.className,
                  });
                  return (
                    // biome-ignore lint/suspicious/noArrayIndexKey: a table's columns never move; a column is its place
                    <Cell key={i} scope={c.rowHeader ? 'row' : undefined} className={cellClass} {...c.cellProps?.(row)}>
                      {c.cell?.(row, r)}
                    </Cell>
                  );
                })}
              </tr>
            );
          })}
      </tbody>
      {foot && <tfoot>{foot}</tfoot>}
    </table>
  );
  return scrollLabel ? (
    <ScrollRegion label={scrollLabel} className={s.frame()}>
      {body}
    </ScrollRegion>
  ) : (
    <div className={s.frame()}>{body}</div>
  );
}

/** A table that may be wider than a phone scrolls inside a focusable region, never the page (WCAG 2.1.1, 1.4.10). */
export function ScrollRegion({
  label,
  className,
  children,
}: {
  label: string;
  className: string;
  children: ReactNode;
}) {
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a table that scrolls sideways must be reachable by keyboard (WCAG 2.1.1)
    <div role="region" className={className} tabIndex={0} aria-label={label}>
      {children}
    </div>
  );
}
