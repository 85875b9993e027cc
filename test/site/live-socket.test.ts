// The one socket loop of both live channels (site/src/lib/live-socket.ts): parse, ignore what does not fit, reconnect
// with one backoff, poll by state, stop cleanly.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { facilityEvent } from '../../contracts/socket/facility';
import { backoffDelay, type LiveSocketState, openLiveSocket } from '../../site/src/lib/live-socket';
import { FakeSocket } from './fixtures/notification';

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'] });
  FakeSocket.instances = [];
  vi.stubGlobal('WebSocket', FakeSocket);
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

function open() {
  const seen: unknown[] = [];
  const states: LiveSocketState[] = [];
  const poll = vi.fn();
  const onDown = vi.fn();
  const onOpen = vi.fn();
  const live = openLiveSocket({
    url: () => 'ws://localhost/live',
    schema: facilityEvent,
    onMessage: (m) => seen.push(m),
    onState: (s) => states.push(s),
    onOpen,
    onDown,
    pollEvery: { down: 15_000 },
    poll,
  });
  return { live, seen, states, poll, onDown, onOpen };
}

describe('live socket', () => {
  it('hands on the messages that fit the channel and ignores the rest without throwing', () => {
    const { live, seen } = open();
    FakeSocket.last.open();
    expect(() => {
      FakeSocket.last.onmessage?.({ data: '{not json' } as MessageEvent);
      FakeSocket.last.receive({ type: 'slot' });
      FakeSocket.last.receive({ type: 'mystery', facility: 'x' });
      FakeSocket.last.receive({ type: 'slots-regenerated', from: '2026-11-18', to: '2026-12-18' });
    }).not.toThrow();
    expect(seen).toEqual([{ type: 'slots-regenerated', from: '2026-11-18', to: '2026-12-18' }]);
    live.stop();
  });

  it('goes down, polls, reconnects with the one backoff and says when it is back', async () => {
    const { live, states, poll, onDown, onOpen } = open();
    FakeSocket.last.open();
    expect(onOpen).toHaveBeenLastCalledWith(false);
    FakeSocket.last.drop();
    expect(states.at(-1)).toBe('down');
    expect(onDown).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1000);
    expect(FakeSocket.instances).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(14_000);
    expect(poll).toHaveBeenCalledTimes(1);
    FakeSocket.last.open();
    expect(onOpen).toHaveBeenLastCalledWith(true);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(poll).toHaveBeenCalledTimes(1);
    live.stop();
  });

  it('sends only on an open socket, and stopping ends sockets, retries and polls', async () => {
    const { live, poll } = open();
    expect(live.send('x')).toBe(false);
    FakeSocket.last.open();
    expect(live.send('x')).toBe(true);
    FakeSocket.last.drop();
    live.stop();
    await vi.advanceTimersByTimeAsync(120_000);
    expect(FakeSocket.instances).toHaveLength(1);
    expect(poll).not.toHaveBeenCalled();
  });

  it('a close that ends the channel (the session ended) is not retried nor polled: the owner is told once', async () => {
    const poll = vi.fn();
    const onEnded = vi.fn();
    const onDown = vi.fn();
    openLiveSocket({
      url: () => 'ws://localhost/live',
      schema: facilityEvent,
      onMessage: () => {},
      onDown,
      pollEvery: { down: 15_000, open: 60_000 },
      poll,
      endedBy: (code) => code === 4001,
      onEnded,
    });
    FakeSocket.last.open();
    FakeSocket.last.drop(4001);
    expect(onEnded).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(180_000);
    expect(FakeSocket.instances).toHaveLength(1);
    expect(poll).not.toHaveBeenCalled();
    expect(onDown).not.toHaveBeenCalled();
  });

  it('backs off 1 s doubling up to 30 s, with jitter in the upper half', () => {
    expect([backoffDelay(0, 0), backoffDelay(0, 1)]).toEqual([500, 1000]);
    expect([backoffDelay(1, 0), backoffDelay(1, 1)]).toEqual([1000, 2000]);
    expect(backoffDelay(20, 1)).toBe(30_000);
  });
});
