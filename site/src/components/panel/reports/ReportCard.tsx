import { type ReactNode, useState } from 'react';
import type { ReportWire } from '../../../../../contracts/reports';
import { downloadCsv, downloadXlsx } from '../../../lib/export/download';
import { REPORT_EXPORT_TITLES, REPORT_TABLES, type ReportExport, reportFileName } from '../../../lib/export/reports';
import { Button } from '../../ui/Button';

export const EMPTY_RANGE = 'Bu aralıkta kayıt yok';

interface Props {
  id: string;
  title: string;
  description?: ReactNode;
  report: ReportWire;
  exports: readonly ReportExport[];
  /** Nothing in the range: 'Bu aralıkta kayıt yok' instead of the chart and tables. */
  empty?: boolean;
  children: ReactNode;
}

/**
 * One report as a card: its heading, a CSV and an Excel button per table it exports (hidden in print), then its chart
 * and tables. `break-inside-avoid` keeps a card on one printed page where it fits.
 */
export function ReportCard({ id, title, description, report, exports, empty = false, children }: Props) {
  const [busy, setBusy] = useState(false);
  const many = exports.length > 1;
  return (
    <section
      aria-labelledby={`${id}-title`}
      className="min-w-0 break-inside-avoid rounded-2xl border border-slate-200 bg-white p-4 sm:p-5 print:border-slate-400 print:p-3 dark:border-slate-700 dark:bg-slate-900"
      data-report={id}
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h2 id={`${id}-title`} className="text-lg font-bold text-slate-900 dark:text-slate-100">
            {title}
          </h2>
          {description && <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">{description}</p>}
        </div>
        <div className="flex flex-wrap gap-2 print:hidden">
          {exports.map((kind) => {
            const { rows, columns } = REPORT_TABLES[kind];
            const name = reportFileName(kind, report);
            const what = REPORT_EXPORT_TITLES[kind];
            return (
              <div key={kind} className="flex flex-wrap gap-2" role="group" aria-label={`${what} dışa aktar`}>
                <Button
                  size="sm"
                  variant="secondary"
                  isDisabled={busy}
                  aria-label={`${what}: CSV indir`}
                  onPress={() => downloadCsv(rows(report), columns, name)}
                >
                  {many ? `${what}: CSV` : 'CSV'}
                </Button>
                <Button
                  size="sm"
                  variant="secondary"
                  isDisabled={busy}
                  aria-label={`${what}: Excel indir`}
                  onPress={async () => {
                    setBusy(true);
                    try {
                      await downloadXlsx(rows(report), columns, name, what);
                    } finally {
                      setBusy(false);
                    }
                  }}
                >
                  {many ? `${what}: Excel` : 'Excel'}
                </Button>
              </div>
            );
          })}
        </div>
      </div>
      <div className="mt-4 space-y-4">{empty ? <Empty /> : children}</div>
    </section>
  );
}

export function Empty({ children = EMPTY_RANGE }: { children?: ReactNode }) {
  return (
    <p className="rounded-xl border border-dashed border-slate-300 p-4 text-center text-sm text-slate-700 dark:border-slate-600 dark:text-slate-300">
      {children}
    </p>
  );
}
