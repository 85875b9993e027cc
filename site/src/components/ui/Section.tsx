import type { ReactNode } from 'react';

export interface SectionProps {
  icon: ReactNode;
  title: string;
  children: ReactNode;
  /** Free content instead of Rows. */
  plain?: boolean;
  footer?: ReactNode;
}

/** A titled block of a booking's details; its children are Rows of a description list unless `plain`. */
export function Section({ icon, title, children, plain = false, footer }: SectionProps) {
  return (
    <section className="min-w-0 rounded-xl border border-slate-200 p-4 dark:border-slate-700">
      <h3 className="flex items-center gap-2 text-sm font-semibold tracking-wide text-slate-700 uppercase dark:text-slate-300">
        <span className="text-turf-700 dark:text-turf-400">{icon}</span>
        {title}
      </h3>
      {plain ? <div className="mt-3">{children}</div> : <dl className="mt-3 space-y-2">{children}</dl>}
      {footer && <div className="mt-3">{footer}</div>}
    </section>
  );
}

/** One label and value of a Section; a long value wraps instead of widening the page. */
export function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid grid-cols-[7.5rem_minmax(0,1fr)] gap-2 text-sm">
      <dt className="text-slate-600 dark:text-slate-300">{label}</dt>
      <dd className="min-w-0 font-medium [overflow-wrap:anywhere] text-slate-900 dark:text-slate-100">{children}</dd>
    </div>
  );
}
