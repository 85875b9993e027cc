// Closures' calls (docs/behaviour.md#closures): the staff list, the preview of a window, a hit's alternatives, closing
// with one decision per hit, lifting. Loaded by Kapanışlar and the calendar's 'Kapat' dialog, never by a public page.
import type {
  ClosureAlternativeWire,
  ClosureCreatedWire,
  ClosureDecisionWire,
  ClosurePreviewWire,
  ClosureReason,
  ClosureWire,
} from '../../../contracts/closures';
import { client, unwrap } from './api';
import { ApiRequestError } from './errors';

/** The window as the routes take it (contracts/closure-input.ts closureWindowSchema). */
export interface ClosureWindowBody {
  facilities: string[];
  from: string;
  to: string;
  startTime: string | null;
  endTime: string | null;
  reason: ClosureReason;
  note: string;
}

const closures = client.api.closures;

export const listClosures = async (scope: 'current' | 'past'): Promise<ClosureWire[]> =>
  ((await unwrap(closures.$get({ query: { scope } }))) as { items: ClosureWire[] }).items;

export const previewClosure = async (json: ClosureWindowBody): Promise<ClosurePreviewWire> =>
  (await unwrap(closures.preview.$post({ json }))) as ClosurePreviewWire;

export const closureAlternatives = async (
  json: ClosureWindowBody & { booking: string; date: string },
): Promise<ClosureAlternativeWire[]> =>
  ((await unwrap(closures.alternatives.$post({ json }))) as { items: ClosureAlternativeWire[] }).items;

export const createClosure = async (
  json: ClosureWindowBody & { decisions: ClosureDecisionWire[] },
): Promise<ClosureCreatedWire> => (await unwrap(closures.$post({ json: json as never }))) as ClosureCreatedWire;

export const liftClosure = async (documentId: string): Promise<ClosureWire> =>
  (await unwrap(closures[':documentId'].$delete({ param: { documentId } }))) as ClosureWire;

/** A refusal because the window's bookings changed since the preview (409): the fresh preview it carries, else null. */
export function changedPreview(e: unknown): ClosurePreviewWire | null {
  if (!(e instanceof ApiRequestError) || e.status !== 409) return null;
  const p = e.details.preview as ClosurePreviewWire | undefined;
  return p && Array.isArray(p.hits) ? p : null;
}
