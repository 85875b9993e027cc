import { lazy, Suspense, useEffect, useState } from 'react';
import type { ClosureWire } from '../../../contracts/closures';
import { closureReasonLabel, countsText, windowText } from '../components/panel/closures/texts';
import { Button } from '../components/ui/Button';
import { Modal } from '../components/ui/Modal';
import { liftClosure, listClosures } from '../lib/closures-api';
import { messageOf } from '../lib/errors';
import { trDateTime } from '../lib/format';
import { toast } from '../stores/toast';

// The step dialog loads when staff press 'Kapat' (its date fields and checks are not needed to read the list).
const CloseDialog = lazy(() =>
  import('../components/panel/closures/CloseDialog').then((m) => ({ default: m.CloseDialog })),
);

type Scope = 'current' | 'past';
const card = 'min-w-0 rounded-2xl border border-slate-200 bg-white p-4 sm:p-5 dark:border-slate-700 dark:bg-slate-900';
const tab = (on: boolean) =>
  `cursor-pointer rounded-lg px-4 py-2 text-sm font-semibold ${
    on
      ? 'bg-white text-turf-800 shadow dark:bg-slate-950 dark:text-turf-300'
      : 'text-slate-700 hover:bg-white/60 dark:text-slate-300 dark:hover:bg-slate-700'
  }`;

function ClosureCard({ c, onLift }: { c: ClosureWire; onLift: (c: ClosureWire) => void }) {
  const names = c.window.facilities.map((f) => f.name).join(', ');
  return (
    <li className={card} data-closure={c.documentId}>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0 flex-1">
          <p className="font-semibold [overflow-wrap:anywhere]">{names}</p>
          <p className="text-sm tabular-nums">{windowText(c.window)}</p>
        </div>
        <span className="shrink-0 rounded-full bg-slate-200 px-2.5 py-0.5 text-xs font-semibold text-slate-900 dark:bg-slate-700 dark:text-slate-50">
          {closureReasonLabel[c.reason]}
        </span>
      </div>
      {c.note && <p className="mt-2 text-sm [overflow-wrap:anywhere]">Not: {c.note}</p>}
      <p className="mt-2 text-sm text-slate-700 dark:text-slate-300" data-closure-counts>
        {countsText(c)}
      </p>
      <p className="mt-1 text-xs text-slate-600 [overflow-wrap:anywhere] dark:text-slate-300">
        {c.createdBy} · {trDateTime(c.createdAt)}
        {c.liftedAt ? ` · Kaldırıldı: ${c.liftedBy ?? ''} ${trDateTime(c.liftedAt)}` : ''}
      </p>
      {!c.liftedAt && (
        <div className="mt-3">
          <Button
            variant="secondary"
            size="sm"
            onPress={() => onLift(c)}
            aria-label={`Kaldır: ${names}, ${windowText(c.window)}`}
          >
            Kaldır
          </Button>
        </div>
      )}
    </li>
  );
}

/**
 * Kapanışlar (docs/behaviour.md#closures): the closures still ahead and the past or lifted ones, 'Kapat' opening the
 * step dialog and 'Kaldır' (after a confirmation) reopening a closure's future slots; bookings it cancelled stay so.
 */
export default function ClosuresManager() {
  const [scope, setScope] = useState<Scope>('current');
  const [items, setItems] = useState<ClosureWire[] | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  const [version, setVersion] = useState(0);
  const [closing, setClosing] = useState(false);
  const [lifting, setLifting] = useState<ClosureWire | null>(null);
  const [busy, setBusy] = useState(false);

  // biome-ignore lint/correctness/useExhaustiveDependencies: read again after a change (`version`)
  useEffect(() => {
    let live = true;
    setItems(null);
    setFailed(null);
    listClosures(scope).then(
      (list) => live && setItems(list),
      (e) => live && setFailed(messageOf(e, 'Kapanışlar yüklenemedi')),
    );
    return () => {
      live = false;
    };
  }, [scope, version]);

  async function lift(c: ClosureWire) {
    setBusy(true);
    try {
      await liftClosure(c.documentId);
      toast('success', 'Kapanış kaldırıldı', 'Saatler yeniden rezervasyona açıldı');
      setLifting(null);
      setVersion((v) => v + 1);
    } catch (e) {
      toast('error', messageOf(e, 'Kapanış kaldırılamadı'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="space-y-5" data-closures>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold">Kapanışlar</h1>
        <Button onPress={() => setClosing(true)}>Kapat</Button>
      </div>
      <p className="text-sm text-slate-700 dark:text-slate-300">
        Hava durumu, bakım ya da turnuva için sahaları belirli gün ve saatlerde rezervasyona kapatın. Etkilenen
        rezervasyonları kapatmadan önce görür, iptal eder ya da taşırsınız.
      </p>

      <div
        role="group"
        aria-label="Gösterilen kapanışlar"
        className="inline-flex rounded-xl bg-slate-100 p-1 dark:bg-slate-800"
      >
        <button
          type="button"
          aria-pressed={scope === 'current'}
          className={tab(scope === 'current')}
          onClick={() => setScope('current')}
        >
          Güncel
        </button>
        <button
          type="button"
          aria-pressed={scope === 'past'}
          className={tab(scope === 'past')}
          onClick={() => setScope('past')}
        >
          Geçmiş
        </button>
      </div>

      {failed ? (
        <div
          role="alert"
          className="flex flex-wrap items-center justify-between gap-3 rounded-lg border-l-4 border-red-700 bg-red-50 px-4 py-3 text-red-900 dark:bg-red-950 dark:text-red-100"
        >
          <p className="font-medium">{failed}</p>
          <Button variant="secondary" size="sm" onPress={() => setVersion((v) => v + 1)}>
            Tekrar Dene
          </Button>
        </div>
      ) : items === null ? (
        <p role="status" className="text-sm">
          Yükleniyor…
        </p>
      ) : items.length === 0 ? (
        <p className="rounded-lg border border-dashed border-slate-300 px-4 py-6 text-center text-slate-700 dark:border-slate-700 dark:text-slate-300">
          {scope === 'current' ? 'Güncel kapanış yok' : 'Geçmiş kapanış yok'}
        </p>
      ) : (
        <ul
          className="grid gap-3 lg:grid-cols-2"
          aria-label={scope === 'current' ? 'Güncel kapanışlar' : 'Geçmiş kapanışlar'}
        >
          {items.map((c) => (
            <ClosureCard key={c.documentId} c={c} onLift={setLifting} />
          ))}
        </ul>
      )}

      <Modal
        title="Kapanış kaldırılsın mı?"
        role="alertdialog"
        isOpen={lifting !== null}
        onOpenChange={(open) => {
          if (!open && !busy) setLifting(null);
        }}
        footer={
          <>
            <Button variant="secondary" isDisabled={busy} onPress={() => setLifting(null)}>
              Vazgeç
            </Button>
            <Button variant="danger" isDisabled={busy} onPress={() => lifting && void lift(lifting)}>
              {busy ? 'Kaldırılıyor…' : 'Evet, kaldır'}
            </Button>
          </>
        }
      >
        {lifting && (
          <p className="text-sm [overflow-wrap:anywhere]">
            {lifting.window.facilities.map((f) => f.name).join(', ')} · {windowText(lifting.window)}: gelecekteki
            saatler yeniden rezervasyona açılır. İptal edilen rezervasyonlar geri gelmez.
          </p>
        )}
      </Modal>

      {closing && (
        <Suspense fallback={null}>
          <CloseDialog
            prefill={{}}
            onClose={() => setClosing(false)}
            onClosed={() => {
              setScope('current');
              setVersion((v) => v + 1);
            }}
          />
        </Suspense>
      )}
    </div>
  );
}
