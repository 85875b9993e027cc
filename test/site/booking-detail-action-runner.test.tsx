// The booking detail dialog's one action runner: one action at a time, busy named while it runs and cleared however it
// ends, a failure toasted with the server's own message or the action's fallback.
import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { useActionRunner } from '../../site/src/components/panel/BookingDetailDialog/action-runner';
import { ApiRequestError } from '../../site/src/lib/errors';
import { $toasts } from '../../site/src/stores/toast';

afterEach(() => $toasts.set([]));

const toasts = () => $toasts.get().map((t) => ({ kind: t.kind, title: t.title }));

function deferred() {
  let resolve!: () => void;
  let reject!: (e: unknown) => void;
  const promise = new Promise<void>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

describe('booking detail action runner', () => {
  it('a failing action toasts the server message, tells its failure handler, and clears busy', async () => {
    const { result } = renderHook(() => useActionRunner<'approve' | 'reject'>());
    const step = deferred();
    const seen: string[] = [];
    let finished: Promise<boolean> | undefined;
    act(() => {
      finished = result.current.run(
        'reject',
        () => step.promise,
        'Reddedilemedi',
        (_e, text) => seen.push(text),
      );
    });
    expect(result.current.busy).toBe('reject');

    const body = { error: { status: 400, name: 'ValidationError', message: 'Red sebebi çok uzun' } };
    await act(async () => {
      step.reject(new ApiRequestError('Red sebebi çok uzun', 400, body));
      expect(await finished).toBe(false);
    });
    expect(result.current.busy).toBeNull();
    expect(seen).toEqual(['Red sebebi çok uzun']);
    expect(toasts()).toEqual([{ kind: 'error', title: 'Red sebebi çok uzun' }]);
  });

  it('a failure without a server message toasts the action fallback', async () => {
    const { result } = renderHook(() => useActionRunner<'approve'>());
    await act(async () => {
      const ok = await result.current.run(
        'approve',
        () => Promise.reject(new TypeError('Failed to fetch')),
        'Onaylanamadı',
      );
      expect(ok).toBe(false);
    });
    expect(result.current.busy).toBeNull();
    expect(toasts()).toEqual([{ kind: 'error', title: 'Onaylanamadı' }]);
  });

  it('refuses a second action while one runs, and runs again once it has finished', async () => {
    const { result } = renderHook(() => useActionRunner<'notes' | 'anonymise'>());
    const step = deferred();
    let first: Promise<boolean> | undefined;
    let ranSecond = false;
    act(() => {
      first = result.current.run('notes', () => step.promise, 'x');
    });
    await act(async () => {
      const second = await result.current.run(
        'anonymise',
        async () => {
          ranSecond = true;
        },
        'y',
      );
      expect(second).toBe(false);
    });
    expect(ranSecond).toBe(false);
    expect(result.current.busy).toBe('notes');

    await act(async () => {
      step.resolve();
      expect(await first).toBe(true);
    });
    expect(result.current.busy).toBeNull();
    expect(toasts()).toEqual([]);
    await act(async () => {
      expect(await result.current.run('anonymise', async () => {}, 'y')).toBe(true);
    });
  });
});
