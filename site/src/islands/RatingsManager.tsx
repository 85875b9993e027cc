import { useEffect, useState } from 'react';
import {
  averageText,
  RATINGS_SHOWN_FROM,
  ratingCountText,
  type StaffRatingWire,
  starsText,
} from '../../../contracts/ratings';
import { slotStartText } from '../../../contracts/slot-start';
import { FacilityPicker, LoadFailed } from '../components/panel/FacilityPicker';
import { Button } from '../components/ui/Button';
import { client, unwrapPage } from '../lib/api';
import { ApiRequestError } from '../lib/errors';
import { trDateTime } from '../lib/format';
import { usePanelFacility } from '../lib/panel-facility';
import { toast } from '../stores/toast';

const card = 'min-w-0 rounded-2xl border border-slate-200 bg-white p-4 sm:p-5 dark:border-slate-700 dark:bg-slate-900';
const failure = (e: unknown, fallback: string) => (e instanceof ApiRequestError && e.message ? e.message : fallback);

interface Page {
  rows: StaffRatingWire[];
  page: number;
  pageCount: number;
  count: number;
  average: number | null;
  shown: boolean;
}

/**
 * Değerlendirmeler (docs/behaviour.md#ratings): a pitch's ratings as players gave them, newest first. Staff hide or show
 * a comment (the audit log records it); a score is never changed here or anywhere.
 */
export default function RatingsManager() {
  const { facilities, facilityId, setFacilityId, failed, options } = usePanelFacility();
  const [data, setData] = useState<Page | null>(null);
  const [page, setPage] = useState(1);
  const [status, setStatus] = useState<'loading' | 'idle' | 'error'>('loading');
  const [busy, setBusy] = useState<number | null>(null);

  useEffect(() => {
    if (!facilityId) return;
    let live = true;
    setStatus('loading');
    unwrapPage(client.api.ratings.$get({ query: { facility: facilityId, page: String(page) } }))
      .then(({ data: rows, meta }) => {
        if (!live) return;
        setData({
          rows,
          page: meta.pagination.page,
          pageCount: meta.pagination.pageCount,
          count: meta.count,
          average: meta.average,
          shown: meta.publicSummary !== null,
        });
        setStatus('idle');
      })
      .catch(() => live && setStatus('error'));
    return () => {
      live = false;
    };
  }, [facilityId, page]);

  async function setHidden(r: StaffRatingWire, hidden: boolean) {
    if (busy !== null) return;
    setBusy(r.id);
    try {
      const saved = (
        await unwrapPage(client.api.ratings[':id'].$patch({ param: { id: String(r.id) }, json: { hidden } }))
      ).data;
      setData((d) => (d ? { ...d, rows: d.rows.map((x) => (x.id === saved.id ? saved : x)) } : d));
      toast('success', hidden ? 'Yorum gizlendi: sahanın sayfasında görünmez' : 'Yorum yeniden gösteriliyor');
    } catch (e) {
      toast('error', failure(e, 'Yorum güncellenemedi'));
    } finally {
      setBusy(null);
    }
  }

  return (
    <div className="space-y-5">
      <header>
        <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl dark:text-slate-100">Değerlendirmeler</h1>
        <p className="mt-1 text-slate-700 dark:text-slate-300">
          Yalnızca oynanmış rezervasyonların sahipleri, rezervasyon numarasıyla ve bir kez puan verir. Puanlar
          değiştirilemez; uygunsuz bir yorumu gizleyebilirsiniz. Ortalama, {RATINGS_SHOWN_FROM} değerlendirmeden
          itibaren sahanın sayfasında görünür.
        </p>
      </header>

      <FacilityPicker
        facilities={facilities}
        facilityId={facilityId}
        options={options}
        onChange={(id) => {
          setPage(1);
          setFacilityId(id);
        }}
        isDisabled={busy !== null}
      />

      {(failed || status === 'error') && <LoadFailed>Değerlendirmeler yüklenemedi</LoadFailed>}

      {data && !failed && status !== 'error' && (
        <section aria-labelledby="ratings-title" className={card} aria-busy={status === 'loading'} data-ratings>
          <h2 id="ratings-title" className="text-lg font-bold text-slate-900 dark:text-slate-100">
            {data.count === 0 ? 'Henüz değerlendirme yok' : ratingCountText(data.count)}
            {data.average !== null && (
              <span className="font-normal text-slate-700 dark:text-slate-300">
                {' '}
                · ortalama {averageText(data.average)}
              </span>
            )}
          </h2>
          {data.count > 0 && !data.shown && (
            <p className="mt-1 text-sm text-slate-700 dark:text-slate-300" data-not-shown>
              Ortalama henüz sahanın sayfasında gösterilmiyor ({RATINGS_SHOWN_FROM} değerlendirmeden itibaren).
            </p>
          )}
          {data.rows.length > 0 && (
            <ul className="mt-4 space-y-2">
              {data.rows.map((r) => (
                <li
                  key={r.id}
                  className="flex min-w-0 flex-wrap items-start gap-3 rounded-xl border border-slate-200 p-3 dark:border-slate-700"
                  data-rating-row={r.id}
                  data-hidden={r.hidden ? 'true' : 'false'}
                >
                  <div className="min-w-0 flex-1 basis-56">
                    <p className="flex flex-wrap items-center gap-x-3 text-sm">
                      <span className="text-amber-700 dark:text-amber-300" aria-hidden="true">
                        {starsText(r.score)}
                      </span>
                      <span className="sr-only">5 üzerinden {r.score} puan</span>
                      <span className="text-slate-700 dark:text-slate-300">{trDateTime(r.createdAt)}</span>
                    </p>
                    {r.comment ? (
                      <p
                        className={`mt-1 whitespace-pre-line [overflow-wrap:anywhere] ${r.hidden ? 'text-slate-500 line-through dark:text-slate-400' : 'text-slate-900 dark:text-slate-100'}`}
                        data-rating-comment
                      >
                        {r.comment}
                      </p>
                    ) : (
                      <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">Yorum yok</p>
                    )}
                    {r.hidden && (
                      <p className="mt-1 text-xs font-medium text-slate-700 dark:text-slate-300">
                        Gizlendi{r.hiddenBy ? ` · ${r.hiddenBy}` : ''}
                        {r.hiddenAt ? ` · ${trDateTime(r.hiddenAt)}` : ''}
                      </p>
                    )}
                    <p className="mt-1 text-xs text-slate-600 [overflow-wrap:anywhere] dark:text-slate-300">
                      Rezervasyon {r.bookingNumber} ·{' '}
                      {slotStartText({ date: r.date, startTime: r.startTime, startsAt: r.startsAt })}
                    </p>
                  </div>
                  {r.comment && (
                    <Button
                      size="sm"
                      variant="secondary"
                      isDisabled={busy !== null}
                      onPress={() => setHidden(r, !r.hidden)}
                      aria-label={`${r.hidden ? 'Yorumu göster' : 'Yorumu gizle'}: ${r.bookingNumber}`}
                    >
                      {r.hidden ? 'Yorumu göster' : 'Yorumu gizle'}
                    </Button>
                  )}
                </li>
              ))}
            </ul>
          )}
          {data.pageCount > 1 && (
            <nav aria-label="Sayfalar" className="mt-4 flex items-center justify-between gap-2">
              <Button
                size="sm"
                variant="secondary"
                isDisabled={data.page <= 1 || status === 'loading'}
                onPress={() => setPage(data.page - 1)}
              >
                Önceki
              </Button>
              <span className="text-sm text-slate-700 dark:text-slate-300">
                Sayfa {data.page} / {data.pageCount}
              </span>
              <Button
                size="sm"
                variant="secondary"
                isDisabled={data.page >= data.pageCount || status === 'loading'}
                onPress={() => setPage(data.page + 1)}
              >
                Sonraki
              </Button>
            </nav>
          )}
        </section>
      )}
    </div>
  );
}
