// The two live channels' contracts (contracts/socket/): each message the servers send parses, anything else is
// ignored rather than crashing the page.
import { describe, expect, it } from 'vitest';
import { facilityEvent } from '../../contracts/socket/facility';
import { parseSocketMessage } from '../../contracts/socket/parse';
import { staffHubEvent, staffHubRequest } from '../../contracts/socket/staff-hub';
import { handleLiveMessage, parseLiveMessage } from '../../site/src/stores/notifications';
import { notification } from './fixtures/notification';

const slot = {
  id: 7,
  documentId: 'slot-7',
  date: '2026-11-20',
  startTime: '20:00',
  endTime: '21:00',
  startsAt: '2026-11-20T17:00:00.000Z',
  price: 1500,
  isAvailable: false,
  isPending: true,
  isPast: false,
  state: 'pending',
  booking: { customerName: 'Zeynep', status: 'pending', isSubscriber: false },
};
const freed = { ...slot, isPending: false, isAvailable: true, state: 'available', booking: null };
const frame = (m: unknown) => JSON.stringify(m);

describe('the pitch channel', () => {
  it('parses each member of the union', () => {
    for (const m of [
      { type: 'hello' },
      { type: 'slot', facility: 'fac-1', slot },
      { type: 'slot', facility: 'fac-1', slot: freed },
      { type: 'slots-regenerated', from: '2026-11-18', to: '2026-12-18' },
    ]) {
      expect(parseSocketMessage(facilityEvent, frame(m))).toEqual(m);
    }
  });

  it('ignores a malformed or unknown message', () => {
    for (const raw of [
      '{not json',
      'pong',
      frame(null),
      frame([1, 2]),
      frame({ type: 'unknown' }),
      frame({ type: 'slot', facility: 'fac-1' }),
      frame({ type: 'slot', facility: 'fac-1', slot: {} }),
      frame({ type: 'slot', facility: 'fac-1', slot: { ...slot, state: 'gone' } }),
      frame({ type: 'slots-regenerated' }),
    ]) {
      expect(parseSocketMessage(facilityEvent, raw)).toBeNull();
    }
    expect(parseSocketMessage(facilityEvent, new ArrayBuffer(2))).toBeNull();
  });
});

describe('the staff hub channel', () => {
  it('parses each member of the union', () => {
    for (const m of [
      { type: 'hello', userId: 1 },
      { type: 'notification', notification: notification(3) },
      { type: 'read', id: 3 },
      { type: 'read', id: 'all' },
      { type: 'deleted', id: 3 },
    ]) {
      expect(parseLiveMessage(frame(m))).toEqual(m);
    }
  });

  it('ignores a malformed or unknown message', () => {
    for (const raw of [
      '{not json',
      frame({ type: 'read' }),
      frame({ type: 'read', id: 'some' }),
      frame({ type: 'deleted', id: 'all' }),
      frame({ type: 'hello' }),
      frame({ type: 'notification', notification: { id: 3 } }),
      frame({ type: 'notification', notification: notification(3, { type: 'unknown' as never }) }),
    ]) {
      expect(parseLiveMessage(raw)).toBeNull();
    }
  });

  it('a tab may only report a read to the hub', () => {
    const all = { type: 'read', id: 'all' };
    expect(parseSocketMessage(staffHubRequest, frame(all))).toEqual(all);
    expect(parseSocketMessage(staffHubRequest, frame({ type: 'deleted', id: 1 }))).toBeNull();
  });

  it('the schema keeps the wire as it is: nothing is added or renamed', () => {
    const parsed = staffHubEvent.parse({ type: 'notification', notification: notification(4) });
    expect(parsed).toEqual({ type: 'notification', notification: notification(4) });
    expect(() => handleLiveMessage(parsed)).not.toThrow();
  });
});
