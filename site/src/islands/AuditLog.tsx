// Ayarlar → Denetim kaydı (admin only): who changed which staff account, setting, pitch, price rule or
// service, and when. Filtered and paged on the server (GET /api/audit-log), newest first; dates typed dd.mm.yyyy.
import { useEffect, useState } from 'react';
import {
  AUDIT_KIND_LABELS,
  AUDIT_KINDS,
  type AuditEntryWire,
  type AuditKind,
  auditQuerySchema,
  type StaffUserWire,
} from '../../../contracts/staff';
import { Pager } from '../components/panel/Pager';
import { dateTimeTr } from '../components/panel/staff/format';
import { IsoDatePicker } from '../components/ui/DatePicker';
import { SearchField } from '../components/ui/SearchField';
import { Select } from '../components/ui/Select';
import { client, unwrap, unwrapPage } from '../lib/api';
import { messageOf } from '../lib/errors';
import { displayName } from '../lib/panel';

interface Filters {
  from: string;
  to: string;
  actorId: string;
  entityKind: AuditKind | '';
  q: string;
  page: number;
}
const START: Filters = { from: '', to: '', actorId: '', entityKind: '', q: '', page: 1 };
const PAGE_SIZE = 25;

export default function AuditLog() {
  const [filters, setFilters] = useState(START);
  const [search, setSearch] = useState('');
  const [rows, setRows] = useState<AuditEntryWire[] | null>(null);
  const [pagination, setPagination] = useState({ page: 1, pageCount: 0, total: 0 });
  const [error, setError] = useState<string | null>(null);
  const [staff, setStaff] = useState<StaffUserWire[]>([]);
  const [narrow, setNarrow] = useState(false);

  useEffect(() => {
    const mq = window.matchMedia('(max-width: 639px)');
    setNarrow(mq.matches);
    const on = () => setNarrow(mq.matches);
    mq.addEventListener('change', on);
    unwrap(client.api['staff-users'].$get())
      .then(setStaff)
      .catch(() => setStaff([]));
    return () => mq.removeEventListener('change', on);
  }, []);

  // The search is sent 300 ms after the last keystroke.
  useEffect(() => {
    const t = setTimeout(
      () => setFilters((f) => (f.q === search.trim() ? f : { ...f, q: search.trim(), page: 1 })),
      300,
    );
    return () => clearTimeout(t);
  }, [search]);

  useEffect(() => {
    const query = {
      page: String(filters.page),
      pageSize: String(PAGE_SIZE),
      ...(filters.from ? { from: filters.from } : {}),
      ...(filters.to ? { to: filters.to } : {}),
      ...(filters.actorId ? { actorId: filters.actorId } : {}),
      ...(filters.entityKind ? { entityKind: filters.entityKind } : {}),
      ...(filters.q ? { q: filters.q } : {}),
    };
    // The API's own schema first: a reversed range is explained without asking.
    const checked = auditQuerySchema.safeParse(query);
    if (!checked.success) {
      setError(checked.error.issues[0]?.message ?? 'Geçersiz filtre');
      return;
    }
    let live = true;
    unwrapPage(client.api['audit-log'].$get({ query }))
      .then(({ data, meta }) => {
        if (!live) return;
        setRows(data);
        setPagination(meta.pagination);
        setError(null);
      })
      .catch((e) => live && setError(messageOf(e)));
    return () => {
      live = false;
    };
  }, [filters]);

  const set = <K extends keyof Filters>(key: K, value: Filters[K]) =>
    setFilters((f) => ({ ...f, [key]: value, page: 1 }));

  return (
    <section aria-labelledby="audit-heading" className="min-w-0">
      <h1 id="audit-heading" className="mb-4 text-xl font-semibold text-slate-900 dark:text-white">
        Denetim kaydı
      </h1>
      <div className="mb-4 grid gap-3 sm:grid-cols-2 lg:grid-cols-5" data-audit-filters>
        <IsoDatePicker
          label="Başlangıç tarihi"
          calendarLabel="Başlangıç tarihi için takvimi aç"
          value={filters.from}
          onChange={(v) => set('from', v)}
        />
        <IsoDatePicker
          label="Bitiş tarihi"
          calendarLabel="Bitiş tarihi için takvimi aç"
          value={filters.to}
          onChange={(v) => set('to', v)}
        />
        <Select
          label="Personel"
          value={filters.actorId}
          onChange={(v) => set('actorId', v)}
          options={[
            { value: '', label: 'Tümü' },
            ...staff.map((s) => ({ value: String(s.id), label: displayName(s) })),
          ]}
        />
        <Select
          label="Kayıt türü"
          value={filters.entityKind}
          onChange={(v) => set('entityKind', v)}
          options={[
            { value: '' as const, label: 'Tümü' },
            ...AUDIT_KINDS.map((k) => ({ value: k, label: AUDIT_KIND_LABELS[k] })),
          ]}
        />
        <SearchField label="Ara" placeholder="Özet, kayıt veya kişi" value={search} onChange={setSearch} />
      </div>
      {error && (
        <p
          role="alert"
          className="mb-3 rounded-lg bg-red-50 p-3 text-sm text-red-800 dark:bg-red-950 dark:text-red-200"
        >
          {error}
        </p>
      )}
      {rows === null && !error && <p className="text-sm text-slate-700 dark:text-slate-300">Yükleniyor…</p>}
      {rows && rows.length === 0 && (
        <p className="text-sm text-slate-700 dark:text-slate-300">Bu filtrelere uyan kayıt yok.</p>
      )}
      {rows && rows.length > 0 && (
        <ol className="grid gap-2" data-audit-list aria-label="Denetim kayıtları">
          {rows.map((r) => (
            <li
              key={r.id}
              data-audit-row={r.action}
              className="min-w-0 rounded-xl border border-slate-200 bg-white p-3 dark:border-slate-700 dark:bg-slate-900"
            >
              <p className="text-sm font-medium [overflow-wrap:anywhere] text-slate-900 dark:text-white">{r.summary}</p>
              <p className="mt-1 text-xs [overflow-wrap:anywhere] text-slate-700 dark:text-slate-300">
                <time dateTime={new Date(r.at).toISOString()}>{dateTimeTr(r.at)}</time> · {r.actorName} ·{' '}
                {AUDIT_KIND_LABELS[r.entityKind]}
                {r.entityLabel ? `: ${r.entityLabel}` : ''}
              </p>
            </li>
          ))}
        </ol>
      )}
      {pagination.pageCount > 1 && (
        <div className="mt-4">
          <Pager
            page={pagination.page}
            pageCount={pagination.pageCount}
            total={pagination.total}
            noun="kayıt"
            narrow={narrow}
            onPage={(page) => setFilters((f) => ({ ...f, page }))}
          />
        </div>
      )}
    </section>
  );
}
