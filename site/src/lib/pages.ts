// Page-number windows shared by every paged panel list.

/** Page numbers around the current page, at most `max` of them (bookings: up to 5 shown, behaviour.md#management-panel). */
export function pageWindow(page: number, pageCount: number, max = 5): number[] {
  if (pageCount < 1) return [];
  const start = Math.max(1, Math.min(page - Math.floor(max / 2), pageCount - max + 1));
  const end = Math.min(pageCount, start + max - 1);
  return Array.from({ length: end - start + 1 }, (_, i) => start + i);
}

export type PageItem = number | 'gap-start' | 'gap-end';

/**
 * Up to `max` page numbers, otherwise the first and last with ellipses around the current page's neighbours
 * (customers, behaviour.md#management-panel: 'Up to 7 page numbers show, otherwise ellipses'). 1 … 4 5 6 … 20.
 */
export function pageItems(page: number, pageCount: number, max = 7): PageItem[] {
  if (pageCount < 1) return [];
  if (pageCount <= max) return Array.from({ length: pageCount }, (_, i) => i + 1);
  const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);
  // Near an end: that end's run of max − 2 numbers, one gap, the other end. Else both ends, two gaps, the middle.
  const edge = max - 2;
  if (page <= edge - 1) return [...range(1, edge), 'gap-end', pageCount];
  if (page >= pageCount - edge + 2) return [1, 'gap-start', ...range(pageCount - edge + 1, pageCount)];
  const side = Math.floor((max - 4 - 1) / 2);
  return [1, 'gap-start', ...range(page - side, page - side + max - 5), 'gap-end', pageCount];
}
