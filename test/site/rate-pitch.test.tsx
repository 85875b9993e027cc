// 'Sahayı değerlendir' in tracking (docs/behaviour.md#ratings): five stars as a radio group named by their score, an
// optional comment, the score asked for before anything is sent, the server's refusal said in Turkish, and the given
// rating shown once sent.
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ratingMsg } from '../../contracts/ratings';
import { RatePitch } from '../../site/src/components/tracking/RatePitch';

const NUMBER = 'HSRABCDEFGH2';
const OPEN = { state: 'open' as const, until: '2030-06-17T12:00:00.000Z' };

function mockServer(status: number, body: unknown) {
  const calls: Array<{ path: string; body: unknown }> = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const req = input instanceof Request ? input : new Request(String(input), init);
      calls.push({ path: `${req.method} ${new URL(req.url).pathname}`, body: await req.json() });
      return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
    }),
  );
  return calls;
}

afterEach(() => vi.unstubAllGlobals());

describe('RatePitch', () => {
  it('asks for a score first, then sends the score and the trimmed comment by the number and shows the rating', async () => {
    const calls = mockServer(201, {
      data: {
        state: 'given',
        score: 4,
        comment: 'Zemin iyi',
        commentHidden: false,
        createdAt: '2030-05-19T10:00:00.000Z',
      },
      meta: {},
    });
    render(<RatePitch bookingNumber={NUMBER} facilityName="Nilüfer Arena" rating={OPEN} />);
    // What a rating keeps is one tap away, in the consent text's paragraph on ratings.
    expect(screen.getByRole('link', { name: 'Aydınlatma Metni' }).getAttribute('href')).toBe(
      '/aydinlatma-metni#degerlendirmeler',
    );
    const group = screen.getByRole('group', { name: 'Puanınız' });
    expect(screen.getAllByRole('radio').map((r) => r.getAttribute('value'))).toEqual(['1', '2', '3', '4', '5']);
    expect(group).toBeTruthy();
    expect(screen.getByText(/17 Haziran 2030 tarihine kadar/)).toBeTruthy();

    await userEvent.click(screen.getByRole('button', { name: 'Gönder' }));
    expect(screen.getByRole('alert').textContent).toBe(ratingMsg.scoreRequired);
    expect(calls).toEqual([]);

    await userEvent.click(screen.getByRole('radio', { name: '4 yıldız, İyi' }));
    await userEvent.type(screen.getByLabelText('Yorumunuz (isteğe bağlı)'), '  Zemin iyi ');
    await userEvent.click(screen.getByRole('button', { name: 'Gönder' }));
    await screen.findByRole('heading', { name: 'Değerlendirmeniz' });
    expect(calls).toEqual([
      { path: `POST /api/bookings/track/${NUMBER}/rating`, body: { score: 4, comment: 'Zemin iyi' } },
    ]);
    expect(screen.getByText('Zemin iyi')).toBeTruthy();
    expect(screen.queryByRole('radio')).toBeNull();
  });

  it('says the server’s refusal (already rated) in Turkish and keeps the form', async () => {
    mockServer(409, {
      data: null,
      error: { status: 409, name: 'ConflictError', message: ratingMsg.alreadyRated, details: {} },
    });
    render(<RatePitch bookingNumber={NUMBER} facilityName="Nilüfer Arena" rating={OPEN} />);
    await userEvent.click(screen.getByRole('radio', { name: '5 yıldız, Çok iyi' }));
    await userEvent.click(screen.getByRole('button', { name: 'Gönder' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe(ratingMsg.alreadyRated));
    expect(screen.getAllByRole('radio')).toHaveLength(5);
  });

  it('a given rating with a hidden comment says the pitch page does not show it', () => {
    render(
      <RatePitch
        bookingNumber={NUMBER}
        facilityName="Nilüfer Arena"
        rating={{
          state: 'given',
          score: 2,
          comment: 'Kötü',
          commentHidden: true,
          createdAt: '2030-05-19T10:00:00.000Z',
        }}
      />,
    );
    expect(screen.getByText('Yorumunuz sahanın sayfasında gösterilmiyor.')).toBeTruthy();
    expect(screen.getByText('5 üzerinden 2 puan')).toBeTruthy();
  });
});
