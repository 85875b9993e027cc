import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { CUSTOMER_PAGE_SIZES, type CustomerStatsRow, customerMsg } from '../../../contracts/customers';
import { CustomerFilterBar } from '../components/panel/customers/CustomerFilterBar';
import { CustomerCards, CustomerTable } from '../components/panel/customers/CustomerList';
import { CustomerSheet } from '../components/panel/customers/CustomerSheet';
import { CustomerStats } from '../components/panel/customers/CustomerStats';
import { ReportMenu } from '../components/panel/customers/ReportMenu';
import { Pager } from '../components/panel/Pager';
import { ListState } from '../components/ui/ListState';
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

/** Müşteri Yönetimi (behaviour.md#management-panel): stats, reports, filters, table or cards, pager and the customer's side panel. */
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

      <ListState
        busy={status === 'loading'}
        error={status === 'error' ? customerMsg.loadFailed : null}
        onRetry={() => void loadCustomers()}
        loading={status === 'loading' && items.length === 0 ? 'Müşteriler yükleniyor...' : null}
        empty={items.length === 0 && customerMsg.notFound}
      >
        {narrow ? (
          <CustomerCards items={items} onOpen={setSelected} />
        ) : (
          <CustomerTable items={items} onOpen={setSelected} />
        )}
      </ListState>

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
