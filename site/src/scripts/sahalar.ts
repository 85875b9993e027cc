// The pitch list's filters (behaviour.md#public-site 'Pitch list'). The server renders every card, already filtered and ordered by the
// query string, so the page works without JavaScript; in the browser this hides, reorders and counts the same cards.
// The pure part below is shared by both sides; init() is the only code that touches the DOM.

import { foldSearch } from '../../../contracts/search';

export const PRICE_BANDS = ['', '1000-alti', '1000-2000', '2000-ustu'] as const;
// 'puan': the average players gave (docs/behaviour.md#ratings), pitches under 3 ratings after the rated ones.
export const SORTS = ['', 'ad', 'fiyat-artan', 'fiyat-azalan', 'puan'] as const;
export const VIEWS = ['izgara', 'liste'] as const;
export type PriceBand = (typeof PRICE_BANDS)[number];
export type Sort = (typeof SORTS)[number];
export type View = (typeof VIEWS)[number];
export interface ListState {
  q: string;
  fiyat: PriceBand;
  siralama: Sort;
  gorunum: View;
}
export interface ListItem {
  name: string;
  address: string;
  /** The price of an hour's play (a half-hourly pitch's slot price twice): bands and sorting compare pitches by it. */
  price: number;
  order: number;
  /** The average players gave; null under 3 ratings (none is shown then). */
  rating: number | null;
  /** How many ratings it has (0 when none is shown). */
  ratings: number;
}

const pick = <T extends string>(allowed: readonly T[], value: string | undefined, fallback: T): T =>
  (allowed as readonly string[]).includes(value ?? '') ? (value as T) : fallback;

/** The form posts by GET without JavaScript; a view button may follow the hidden view field, so the last value wins. */
export function readState(params: URLSearchParams): ListState {
  return {
    q: (params.get('q') ?? '').slice(0, 100),
    fiyat: pick(PRICE_BANDS, params.get('fiyat') ?? '', ''),
    siralama: pick(SORTS, params.get('siralama') ?? '', ''),
    gorunum: pick(VIEWS, params.getAll('gorunum').at(-1), 'izgara'),
  };
}

export function stateQuery(s: ListState): string {
  const p = new URLSearchParams();
  if (s.q.trim()) p.set('q', s.q.trim());
  if (s.fiyat) p.set('fiyat', s.fiyat);
  if (s.siralama) p.set('siralama', s.siralama);
  if (s.gorunum !== 'izgara') p.set('gorunum', s.gorunum);
  const q = p.toString();
  return q ? `?${q}` : '';
}

/** Case-insensitive in Turkish (İ/i, I/ı), and forgiving of a keyboard without Turkish letters (ş→s, ı→i …). */
export const fold = (s: string) => foldSearch(s).replace(/\s+/g, ' ').trim();

export function inBand(price: number, band: PriceBand): boolean {
  if (band === '1000-alti') return price < 1000;
  if (band === '1000-2000') return price >= 1000 && price <= 2000;
  if (band === '2000-ustu') return price > 2000;
  return true;
}

export function matches(item: ListItem, s: ListState): boolean {
  const needle = fold(s.q);
  return inBand(item.price, s.fiyat) && (!needle || fold(`${item.name} ${item.address}`).includes(needle));
}

const collator = new Intl.Collator('tr', { sensitivity: 'base' });

/** '' keeps the server's order (the owner's priority, then name). */
export function compare(sort: Sort): (a: ListItem, b: ListItem) => number {
  switch (sort) {
    case 'ad':
      return (a, b) => collator.compare(a.name, b.name) || a.order - b.order;
    case 'fiyat-artan':
      return (a, b) => a.price - b.price || a.order - b.order;
    case 'fiyat-azalan':
      return (a, b) => b.price - a.price || a.order - b.order;
    case 'puan':
      return (a, b) =>
        a.rating === null || b.rating === null
          ? (a.rating === null ? 1 : 0) - (b.rating === null ? 1 : 0) || a.order - b.order
          : b.rating - a.rating || b.ratings - a.ratings || a.order - b.order;
    default:
      return (a, b) => a.order - b.order;
  }
}

export const resultText = (n: number) => (n === 0 ? 'Saha bulunamadı' : `${n} saha listeleniyor`);

export function init(root: HTMLElement | null = document.querySelector('[data-sahalar]')) {
  const form = root?.querySelector<HTMLFormElement>('[data-filters]');
  const list = root?.querySelector<HTMLElement>('[data-list]');
  if (!root || !form || !list) return;
  const search = form.querySelector<HTMLInputElement>('[name=q]')!;
  // (HTMLSelectElement clashes with the Workers' global Element type in this shared tsconfig; only value is needed.)
  const band = form.querySelector<HTMLElement & { value: string }>('[name=fiyat]')!;
  const sort = form.querySelector<HTMLElement & { value: string }>('[name=siralama]')!;
  const viewButtons = [...root.querySelectorAll<HTMLButtonElement>('[data-view-button]')];
  const count = root.querySelector<HTMLElement>('[data-result-count]')!;
  const live = root.querySelector<HTMLElement>('[data-result-live]')!;
  const empty = root.querySelector<HTMLElement>('[data-empty]')!;
  const rows = [...list.querySelectorAll<HTMLElement>('[data-item]')].map((el) => ({
    el,
    item: {
      name: el.dataset.name ?? '',
      address: el.dataset.address ?? '',
      price: Number(el.dataset.price),
      order: Number(el.dataset.order),
      rating: el.dataset.average ? Number(el.dataset.average) : null,
      ratings: Number(el.dataset.ratings ?? 0),
    },
  }));
  let view: View = list.dataset.view === 'list' ? 'liste' : 'izgara';
  let announceTimer: ReturnType<typeof setTimeout> | undefined;

  for (const el of root.querySelectorAll<HTMLElement>('[data-no-js]')) el.hidden = true;
  for (const el of root.querySelectorAll<HTMLElement>('[data-js-only]')) el.hidden = false;

  const state = (): ListState => ({
    q: search.value,
    fiyat: pick(PRICE_BANDS, band.value, ''),
    siralama: pick(SORTS, sort.value, ''),
    gorunum: view,
  });

  function apply({ announceLater = false } = {}) {
    const s = state();
    let shown = 0;
    for (const { el, item } of rows) {
      el.hidden = !matches(item, s);
      if (!el.hidden) shown++;
    }
    for (const { el } of [...rows].sort((a, b) => compare(s.siralama)(a.item, b.item))) list!.appendChild(el);
    list!.dataset.view = view === 'liste' ? 'list' : 'grid';
    for (const b of viewButtons) b.setAttribute('aria-pressed', String(b.value === view));
    list!.hidden = shown === 0;
    empty.hidden = shown !== 0;
    history.replaceState(history.state, '', location.pathname + stateQuery(s) + location.hash);
    // The count shows at once; the live region waits for a pause in typing so it is not read out per keystroke.
    const text = resultText(shown);
    count.textContent = text;
    clearTimeout(announceTimer);
    if (announceLater) announceTimer = setTimeout(() => (live.textContent = text), 500);
    else live.textContent = text;
  }

  search.addEventListener('input', () => apply({ announceLater: true }));
  band.addEventListener('change', () => apply());
  sort.addEventListener('change', () => apply());
  form.addEventListener('submit', (e) => {
    e.preventDefault();
    apply();
  });
  for (const b of viewButtons) {
    b.addEventListener('click', (e) => {
      e.preventDefault();
      view = pick(VIEWS, b.value, 'izgara');
      apply();
    });
  }
  root.querySelector('[data-clear]')?.addEventListener('click', (e) => {
    e.preventDefault();
    search.value = '';
    band.value = '';
    apply();
    search.focus();
  });

  wireDialogs(root);
}

/** Native <dialog>: the buttons open it with invoker commands where supported; this covers older browsers,
 *  light dismiss where `closedby` is missing, and returns focus to the button that opened it. */
function wireDialogs(root: HTMLElement) {
  const invokers = 'commandForElement' in HTMLButtonElement.prototype;
  const lightDismiss = 'closedBy' in HTMLDialogElement.prototype;
  for (const button of root.querySelectorAll<HTMLButtonElement>('[data-detail-open]')) {
    const dialog = document.getElementById(button.getAttribute('commandfor') ?? '') as HTMLDialogElement | null;
    if (!dialog) continue;
    if (!invokers) button.addEventListener('click', () => dialog.showModal());
    button.addEventListener('click', () => dialog.addEventListener('close', () => button.focus(), { once: true }));
  }
  if (lightDismiss) return;
  for (const dialog of root.querySelectorAll<HTMLDialogElement>('dialog')) {
    dialog.addEventListener('click', (e) => {
      if (e.target === dialog) dialog.close();
    });
  }
}
