// 'Takıma gönder' (behaviour.md#public-site 'Match page'): shown only for a live booking; on press it asks the server for the match
// page by the number (sent only there), hands the share sheet title, text and address, offers the WhatsApp link and
// the copy, and says the server's refusal in Turkish.
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { isShareable, ShareMatch, whatsAppShareUrl } from '../../site/src/components/booking/ShareMatch';

const NUMBER = 'HSRABCDEFGH2';
const SHARE = {
  url: 'https://halisaha.example/mac/AbCdEfGhIjKlMnOpQrStUvWx',
  title: 'Perşembe 27 Kasım, 21:00–22:00 · Nilüfer Arena',
  text: '⚽ Maç: Nilüfer Arena\n📅 Perşembe 27 Kasım, 21:00–22:00',
  message:
    '⚽ Maç: Nilüfer Arena\n📅 Perşembe 27 Kasım, 21:00–22:00\nMaç sayfası: https://halisaha.example/mac/AbCdEfGhIjKlMnOpQrStUvWx',
};
const future = new Date(Date.now() + 3 * 86_400_000).toISOString();
const booking = (over: Record<string, unknown> = {}) => ({
  bookingNumber: NUMBER,
  status: 'pending',
  date: '2030-05-18',
  startTime: '21:00',
  startsAt: future,
  ...over,
});

function mockServer(status = 200, body: unknown = { data: SHARE }) {
  const calls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const req = input instanceof Request ? input : new Request(String(input), init);
      calls.push(`${req.method} ${new URL(req.url).pathname}`);
      return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
    }),
  );
  return calls;
}

afterEach(() => {
  vi.unstubAllGlobals();
  Reflect.deleteProperty(navigator, 'share');
});

describe('ShareMatch', () => {
  it('is only for a pending or approved booking still ahead', () => {
    expect(isShareable(booking())).toBe(true);
    expect(isShareable(booking({ status: 'approved' }))).toBe(true);
    for (const status of ['cancelled', 'rejected', 'expired']) expect(isShareable(booking({ status }))).toBe(false);
    expect(isShareable(booking({ startsAt: new Date(Date.now() - 60_000).toISOString() }))).toBe(false);
    const { container } = render(<ShareMatch booking={booking({ status: 'cancelled' })} />);
    expect(container.innerHTML).toBe('');
  });

  it('asks the server by the number, then hands the share sheet the title, text and match page address', async () => {
    const calls = mockServer();
    const share = vi.fn(async (_: ShareData) => {});
    Object.defineProperty(navigator, 'share', { configurable: true, value: share });
    render(<ShareMatch booking={booking()} />);
    await userEvent.click(screen.getByRole('button', { name: 'Takıma gönder' }));
    await waitFor(() => expect(share).toHaveBeenCalledTimes(1));
    expect(calls).toEqual([`POST /api/bookings/track/${NUMBER}/share`]);
    expect(share.mock.calls[0][0]).toEqual({ title: SHARE.title, text: SHARE.text, url: SHARE.url });
    expect(screen.getByRole('link', { name: /WhatsApp ile gönder/ }).getAttribute('href')).toBe(
      `https://wa.me/?text=${encodeURIComponent(SHARE.message)}`,
    );
    expect(screen.getByRole('button', { name: 'Bağlantıyı kopyala' })).toBeTruthy();
    // A second press shares again without asking the server again.
    await userEvent.click(screen.getByRole('button', { name: 'Takıma gönder' }));
    await waitFor(() => expect(share).toHaveBeenCalledTimes(2));
    expect(calls).toHaveLength(1);
  });

  it("without a share sheet it offers WhatsApp's click-to-chat with no phone number", async () => {
    mockServer();
    render(<ShareMatch booking={booking()} />);
    await userEvent.click(screen.getByRole('button', { name: 'Takıma gönder' }));
    const link = await screen.findByRole('link', { name: /WhatsApp ile gönder/ });
    expect(link.getAttribute('href')).toBe(whatsAppShareUrl(SHARE.message));
    expect(link.getAttribute('href')).toMatch(/^https:\/\/wa\.me\/\?text=/);
    expect(screen.getByText(SHARE.url)).toBeTruthy();
  });

  it("says the server's refusal in Turkish", async () => {
    mockServer(409, {
      data: null,
      error: {
        status: 409,
        name: 'ConflictError',
        message: 'Yalnızca iptal edilmemiş ve henüz oynanmamış bir maç paylaşılabilir.',
        details: {},
      },
    });
    render(<ShareMatch booking={booking()} />);
    await userEvent.click(screen.getByRole('button', { name: 'Takıma gönder' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Yalnızca iptal edilmemiş ve henüz oynanmamış bir maç paylaşılabilir.',
    );
    expect(screen.queryByRole('link', { name: /WhatsApp/ })).toBeNull();
  });
});
