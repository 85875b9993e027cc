import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { CUSTOMER_PAGE_SIZES, type CustomerStatsRow, customerMsg } from '../../../contracts/customers';
import { CustomerFilterBar } from '../components/panel/customers/CustomerFilterBar';
import { CustomerCards, CustomerTable } from '../components/panel/customers/CustomerList';
import { CustomerSheet } from '../components/panel/customers/CustomerSheet';
import { CustomerStats } from '../components/panel/customers/CustomerStats';
import { ReportMenu } from '../components/panel/customers/ReportMenu';
import { Pager } from '../components/panel/Pager';
import { Button } from '../components/ui/Button';
import { AlertIcon, RefreshIcon } from '../components/ui/icons';
import { Select } from '../components/ui/Select';
import {
  $customerFilters,
  $customerMeta,
  $customerStatus,
  $customers,
  $customersNarrow,
  loadCustomers,
  setCustomerPage,
  setPageSize,
  startCustomers,
} from '../stores/panel-customers';

const SIZES = CUSTOMER_PAGE_SIZES.map((n) => ({ value: String(n), label: `${n} / sayfa` }));

/** Müşteri Yönetimi (02 §2): stats, reports, filters, table or cards, pager and the customer's side panel. */
export default function CustomersManager() {
  const filters = useStore($customerFilters);
  const items = useStore($customers);
  const meta = useStore($customerMeta);
  const status = useStore($customerStatus);
  const narrow = useStore($customersNarrow);
  const [selected, setSelected] = useState<CustomerStatsRow | null>(null);

  useEffect(() => startCustomers(), []);

  const pagination = meta?.pagination;

  return (
    <div className="min-w-0 space-y-5">
      <header className="flex flex-wrap items-end justify-between gap-3">
        <div className="min-w-0">
          <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl dark:text-slate-100">Müşteri Yönetimi</h1>
          <p className="mt-1 text-slate-700 dark:text-slate-300">
            Müşterilerin rezervasyon geçmişini, iptal uyarılarını ve istatistiklerini inceleyin.
          </p>
        </div>
        <ReportMenu />
      </header>

      <CustomerStats summary={meta?.summary ?? null} loading={status === 'loading'} />
      <CustomerFilterBar />

      <div
        aria-busy={status === 'loading'}
        className={status === 'loading' && items.length > 0 ? 'opacity-60 transition-opacity' : undefined}
      >
        {status === 'error' ? (
          <div
            role="alert"
            className="flex flex-col items-center gap-3 rounded-2xl border border-red-300 bg-red-50 p-8 text-center text-red-900 dark:border-red-800 dark:bg-red-950 dark:text-red-100"
          >
            <AlertIcon className="h-6 w-6" />
            <p className="font-semibold">{customerMsg.loadFailed}</p>
            <Button variant="secondary" onPress={() => void loadCustomers()}>
              <RefreshIcon /> Tekrar Dene
            </Button>
          </div>
        ) : status === 'loading' && items.length === 0 ? (
          <p role="status" className="flex items-center justify-center gap-3 py-16 text-slate-700 dark:text-slate-300">
            <span
              aria-hidden="true"
              className="h-5 w-5 animate-spin rounded-full border-2 border-slate-300 border-t-turf-700 motion-reduce:animate-none dark:border-slate-600 dark:border-t-turf-400"
            />
            Müşteriler yükleniyor...
          </p>
        ) : items.length === 0 ? (
          <p className="rounded-2xl border border-dashed border-slate-300 p-10 text-center text-slate-700 dark:border-slate-600 dark:text-slate-300">
            {customerMsg.notFound}
          </p>
        ) : narrow ? (
          <CustomerCards items={items} onOpen={setSelected} />
        ) : (
          <CustomerTable items={items} onOpen={setSelected} />
        )}
      </div>

      {status !== 'error' && pagination && pagination.total > 0 && (
        <div className="flex flex-wrap items-end justify-between gap-3">
          <Select
            label="Sayfa boyutu"
            value={String(filters.pageSize)}
            options={SIZES}
            onChange={(v) => void setPageSize(Number(v))}
            className="w-36"
          />
          <div className="min-w-0 flex-1">
            <Pager
              page={filters.page}
              pageCount={pagination.pageCount}
              total={pagination.total}
              noun="müşteri"
              narrow={narrow}
              numbers="ellipses"
              jump
              onPage={(n) => void setCustomerPage(n)}
            />
          </div>
        </div>
      )}

      <CustomerSheet customer={selected} onClose={() => setSelected(null)} />
    </div>
  );
}
