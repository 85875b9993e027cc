// The pitch card's 'Slot Oluştur' dialog (behaviour.md#management-panel 'Slot generation modal' and 'Slot preview modal', behaviour.md#slots): form, then the
// server's answer, then the preview of the generated range. Every date is relative to today in Istanbul: no year is
// written down anywhere.
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { addDays, istanbulToday } from '../../contracts/dates';
import type { SlotWire } from '../../contracts/wire/slot';
import { longDayOf, rangeChunks } from '../../site/src/components/panel/facilities/SlotDays';
import {
  GENERATION_FAILED,
  generationWindow,
  OUTSIDE_WINDOW,
  OVERWRITE_KEEPS_BOOKED,
  OVERWRITE_WARNING,
  SlotGenerationDialog,
} from '../../site/src/components/panel/facilities/SlotGenerationDialog';
import { SlotPreviewDialog } from '../../site/src/components/panel/facilities/SlotPreviewDialog';
import { $toasts } from '../../site/src/stores/toast';
import { apiError, type Call, mockApi, type Reply } from './fixtures/panel-booking';

const FACILITY = { id: 7, slug: 'nilufer-arena', name: 'Nilüfer Arena' };
const today = istanbulToday();
const day1 = addDays(today, 2);
const day2 = addDays(today, 3);
const day3 = addDays(today, 4);
const MESSAGE = 'Nilüfer Arena için 48 slot oluşturuldu, 0 slot yenilendi, 2 slot korundu.';

let seq = 0;
function slot(date: string, startTime: string, over: Partial<SlotWire> = {}): SlotWire {
  seq++;
  const end = `${String((Number(startTime.slice(0, 2)) + 1) % 24).padStart(2, '0')}:${startTime.slice(3)}`;
  return {
    id: seq,
    documentId: `slot-${seq}`,
    date,
    startTime,
    endTime: end,
    // The real instant: an hour before 06:00 is the overnight one, played the day after its business date.
    startsAt: new Date(
      Date.parse(`${date}T${startTime}:00+03:00`) + (Number(startTime.slice(0, 2)) < 6 ? 86_400_000 : 0),
    ).toISOString(),
    price: 1200,
    isAvailable: true,
    isPending: false,
    isPast: false,
    state: 'available',
    booking: null,
    ...over,
  };
}
const held = (name: string, status: 'pending' | 'approved', isSubscriber = false): Partial<SlotWire> => ({
  isAvailable: false,
  isPending: status === 'pending',
  state: isSubscriber ? 'subscriber' : status === 'pending' ? 'pending' : 'booked',
  booking: { customerName: name, status, isSubscriber },
});

/** An overnight pitch's day as the API orders it: 00:00 after 23:00, under the same business date (behaviour.md#time-money-and-identity). */
const DAY1 = () => [
  slot(day1, '18:00'),
  slot(day1, '19:00', held('Ahmet', 'pending')),
  slot(day1, '20:00', held('Barış A.', 'approved')),
  slot(day1, '23:00', { price: 1500 }),
  slot(day1, '00:00', { price: 1500 }),
];
const DAY3 = () => [slot(day3, '18:00', held('Kartal Spor Kulübü', 'approved', true))];

let calls: Call[];
let onGenerate: (c: Call) => Reply | Promise<Reply>;
let onSlots: (c: Call) => Reply | Promise<Reply>;
const slotsReply = (c: Call): Reply => {
  const all = [...DAY1(), ...DAY3()].filter((s) => s.date >= c.query.from && s.date <= c.query.to);
  return [200, { data: { from: c.query.from, to: c.query.to, facility: {}, slots: all, bookableUntil: null } }];
};

beforeEach(() => {
  seq = 0;
  onGenerate = (c) => [
    200,
    {
      data: {
        facilityName: 'Nilüfer Arena',
        message: MESSAGE,
        created: 48,
        replaced: 0,
        kept: 2,
        removed: 0,
        echo: c.body,
      },
    },
  ];
  onSlots = slotsReply;
  calls = mockApi((c) => {
    if (c.method === 'POST' && c.path === '/api/facilities/7/generate-slots') return onGenerate(c);
    if (c.method === 'GET' && c.path === '/api/facilities/7/slots') return onSlots(c);
    return apiError(404, 'Bulunamadı');
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
  $toasts.set([]);
});

const posts = () => calls.filter((c) => c.method === 'POST');
const gets = () => calls.filter((c) => c.method === 'GET');
const submitButton = () => screen.getByRole('button', { name: 'Slot Oluştur' });
const digits = (iso: string) => iso.slice(8, 10) + iso.slice(5, 7) + iso.slice(0, 4);

/** Types a YYYY-MM-DD date as a person does, dd mm yyyy, into the react-aria field. */
async function typeDate(label: string, iso: string) {
  const [day] = within(screen.getByRole('group', { name: label })).getAllByRole('spinbutton');
  act(() => day.focus());
  await userEvent.setup().keyboard(digits(iso));
}

function open(props: Partial<Parameters<typeof SlotGenerationDialog>[0]> = {}) {
  const onClose = vi.fn();
  const onGenerated = vi.fn();
  render(<SlotGenerationDialog facility={FACILITY} onClose={onClose} onGenerated={onGenerated} {...props} />);
  return { onClose, onGenerated };
}

async function generate(start = day1, end = day3) {
  const handles = open();
  await typeDate('Başlangıç tarihi', start);
  await typeDate('Bitiş tarihi', end);
  await userEvent.setup().click(submitButton());
  await screen.findByText(MESSAGE, { selector: '[data-generation-result] p' });
  return handles;
}

async function preview(start = day1, end = day3) {
  const handles = await generate(start, end);
  await userEvent.setup().click(screen.getByRole('button', { name: 'Önizle' }));
  await screen.findByRole('heading', { name: 'Slot Önizleme' });
  await waitFor(() => expect(document.querySelector('[data-day-counts]')).toBeTruthy());
  return handles;
}

const count = (kind: 'available' | 'taken' | 'total') => document.querySelector(`[data-count="${kind}"]`)?.textContent;
const slotTexts = () =>
  [...document.querySelectorAll<HTMLElement>('[data-preview-slot]')].map((li) =>
    [...li.children].map((c) => c.textContent),
  );

describe('the form', () => {
  it('is a labelled dialog naming the pitch; submit stays disabled until both dates are set', async () => {
    open();
    const dialog = screen.getByRole('dialog', { name: 'Slot Oluştur' });
    expect(within(dialog).getByText('Nilüfer Arena')).toBeTruthy();
    expect(submitButton().hasAttribute('disabled')).toBe(true);
    await typeDate('Başlangıç tarihi', day1);
    expect(submitButton().hasAttribute('disabled')).toBe(true);
    await typeDate('Bitiş tarihi', day2);
    expect(submitButton().hasAttribute('disabled')).toBe(false);
    expect(posts()).toHaveLength(0);
  });

  it('offers today to three months ahead, computed from today in Istanbul', () => {
    const { min, max } = generationWindow();
    expect(min).toBe(today);
    const [y, m] = [Number(today.slice(0, 4)), Number(today.slice(5, 7))];
    const month = ((m - 1 + 3) % 12) + 1;
    expect(max.slice(0, 7)).toBe(`${y + (m + 3 > 12 ? 1 : 0)}-${String(month).padStart(2, '0')}`);
  });

  it('shows the overwrite warning, and that booked slots are kept, only while the box is ticked', async () => {
    open();
    expect(screen.queryByText(OVERWRITE_WARNING)).toBeNull();
    await userEvent.setup().click(screen.getByRole('checkbox', { name: 'Mevcut slotların üzerine yaz' }));
    expect(
      screen.getByText("Mevcut slot'lar silinecek ve yenileri oluşturulacak. Bu işlem geri alınamaz."),
    ).toBeTruthy();
    expect(screen.getByText(OVERWRITE_KEEPS_BOOKED)).toBeTruthy();
    await userEvent.setup().click(screen.getByRole('checkbox', { name: 'Mevcut slotların üzerine yaz' }));
    expect(screen.queryByText(OVERWRITE_WARNING)).toBeNull();
  });

  it('a start after the end sends nothing and stays on the form', async () => {
    open();
    await typeDate('Başlangıç tarihi', day3);
    await typeDate('Bitiş tarihi', day1);
    expect(submitButton().hasAttribute('disabled')).toBe(false);
    await userEvent.setup().click(submitButton());
    await new Promise((r) => setTimeout(r, 20));
    expect(posts()).toHaveLength(0);
    expect($toasts.get()).toHaveLength(0);
    expect(submitButton()).toBeTruthy();
  });

  it('a date typed outside today … three months says so under its field and sends nothing', async () => {
    open();
    const { max } = generationWindow();
    const errorOf = (label: string) => {
      const group = screen.getByRole('group', { name: label });
      const root = group.parentElement!;
      return root.querySelector('[slot="errorMessage"]')?.textContent ?? '';
    };
    await typeDate('Başlangıç tarihi', addDays(today, -1));
    await typeDate('Bitiş tarihi', day1);
    await waitFor(() => expect(errorOf('Başlangıç tarihi')).toBe(OUTSIDE_WINDOW));
    expect(errorOf('Bitiş tarihi')).toBe('');
    await userEvent.setup().click(submitButton());
    await new Promise((r) => setTimeout(r, 20));
    expect(posts()).toHaveLength(0);

    await typeDate('Başlangıç tarihi', day1);
    await typeDate('Bitiş tarihi', addDays(max, 1));
    await waitFor(() => expect(errorOf('Bitiş tarihi')).toBe(OUTSIDE_WINDOW));
    expect(errorOf('Başlangıç tarihi')).toBe('');
    await userEvent.setup().click(submitButton());
    await new Promise((r) => setTimeout(r, 20));
    expect(posts()).toHaveLength(0);

    await typeDate('Bitiş tarihi', max);
    await waitFor(() => expect(errorOf('Bitiş tarihi')).toBe(''));
    await userEvent.setup().click(submitButton());
    await waitFor(() => expect(posts()).toHaveLength(1));
    expect(posts()[0].body).toEqual({ startDate: day1, endDate: max, overwrite: false });
  });

  it('İptal, Escape and the close button each close it', async () => {
    const a = open();
    await userEvent.setup().click(screen.getByRole('button', { name: 'İptal' }));
    expect(a.onClose).toHaveBeenCalledTimes(1);
    const b = open();
    fireEvent.keyDown(screen.getAllByRole('dialog').at(-1)!, { key: 'Escape' });
    expect(b.onClose).toHaveBeenCalledTimes(1);
    const c = open();
    await userEvent.setup().click(screen.getAllByRole('button', { name: 'Pencereyi kapat' }).at(-1)!);
    expect(c.onClose).toHaveBeenCalledTimes(1);
  });
});

describe('generating', () => {
  it('sends the range and the overwrite choice, then shows and toasts the server message', async () => {
    const { onGenerated } = open();
    await typeDate('Başlangıç tarihi', day1);
    await typeDate('Bitiş tarihi', day3);
    await userEvent.setup().click(screen.getByRole('checkbox', { name: 'Mevcut slotların üzerine yaz' }));
    await userEvent.setup().click(submitButton());
    await screen.findByText(MESSAGE, { selector: '[data-generation-result] p' });
    expect(posts()).toHaveLength(1);
    expect(posts()[0].body).toEqual({ startDate: day1, endDate: day3, overwrite: true });
    expect($toasts.get().map((t) => [t.kind, t.title])).toEqual([['success', MESSAGE]]);
    expect(onGenerated).toHaveBeenCalledWith({ startDate: day1, endDate: day3 });
    expect(screen.getByRole('button', { name: 'Önizle' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Kapat' })).toBeTruthy();
  });

  it("a refusal toasts the server's own message and keeps the form", async () => {
    onGenerate = () => apiError(400, 'Slotlar bugünden itibaren en fazla 3 ay ileriye kadar oluşturulabilir');
    const { onGenerated } = open();
    await typeDate('Başlangıç tarihi', day1);
    await typeDate('Bitiş tarihi', day2);
    await userEvent.setup().click(submitButton());
    await waitFor(() => expect($toasts.get()).toHaveLength(1));
    expect($toasts.get()[0]).toMatchObject({
      kind: 'error',
      title: 'Slotlar bugünden itibaren en fazla 3 ay ileriye kadar oluşturulabilir',
    });
    expect(onGenerated).not.toHaveBeenCalled();
    expect(submitButton()).toBeTruthy();
  });

  it("without a message of the server's the toast reads 'Slot oluşturulurken hata oluştu'", async () => {
    onGenerate = () => [500, 'not json'];
    open();
    await typeDate('Başlangıç tarihi', day1);
    await typeDate('Bitiş tarihi', day2);
    await userEvent.setup().click(submitButton());
    await waitFor(() => expect($toasts.get()).toHaveLength(1));
    expect($toasts.get()[0]).toMatchObject({ kind: 'error', title: GENERATION_FAILED });
  });
});

describe('the preview', () => {
  it('loads the generated range in one request and counts the first day: Müsait, Dolu, Toplam', async () => {
    await preview();
    expect(gets()).toHaveLength(1);
    expect(gets()[0].query).toEqual({ from: day1, to: day3 });
    expect(screen.getByRole('heading', { name: longDayOf(day1) })).toBeTruthy();
    expect([count('available'), count('taken'), count('total')]).toEqual(['3', '2', '5']);
  });

  it('shows each slot as a time range with the price when free, the customer name when held; overnight last', async () => {
    await preview();
    expect(slotTexts()).toEqual([
      ['18:00 – 19:00', '₺1.200', 'Müsait'],
      ['19:00 – 20:00', 'Ahmet', 'Beklemede'],
      ['20:00 – 21:00', 'Barış A.', 'Onaylı'],
      ['23:00 – 00:00', '₺1.500', 'Müsait'],
      ['00:00 – 01:00', '₺1.500', 'Müsait'],
    ]);
    const states = [...document.querySelectorAll('[data-preview-slot]')].map((li) => li.getAttribute('data-state'));
    expect(states).toEqual(['available', 'pending', 'booked', 'available', 'available']);
  });

  it("days read 'Pzt 24.11' style and are chosen by keyboard; a day without slots says so", async () => {
    await preview();
    const tabs = screen.getAllByRole('tab');
    expect(tabs).toHaveLength(3);
    const label = (iso: string) =>
      `${new Intl.DateTimeFormat('tr-TR', { weekday: 'short', timeZone: 'UTC' }).format(new Date(`${iso}T00:00:00Z`))} ${iso.slice(8, 10)}.${iso.slice(5, 7)}`;
    expect(tabs.map((t) => t.textContent)).toEqual([label(day1), label(day2), label(day3)]);
    expect(tabs[0].getAttribute('aria-selected')).toBe('true');

    act(() => tabs[0].focus());
    await userEvent.setup().keyboard('{ArrowRight}');
    await waitFor(() =>
      expect(screen.getByRole('tab', { name: label(day2) }).getAttribute('aria-selected')).toBe('true'),
    );
    expect(screen.getByText('Bu tarih için slot bulunamadı')).toBeTruthy();
    expect(screen.getByText('Saha bu tarihte kapalı olabilir')).toBeTruthy();
    expect([count('available'), count('taken'), count('total')]).toEqual(['0', '0', '0']);

    await userEvent.setup().keyboard('{ArrowRight}');
    await waitFor(() => expect(slotTexts()).toEqual([['18:00 – 19:00', 'Kartal Spor Kulübü', 'Abone']]));
    expect([count('available'), count('taken'), count('total')]).toEqual(['0', '1', '1']);
    expect(gets()).toHaveLength(1);
  });

  it("a failed load toasts 'Veri yüklenirken hata oluştu'; Tekrar Dene loads again", async () => {
    let fail = true;
    onSlots = (c) => (fail ? apiError(500, 'Sunucu hatası') : slotsReply(c));
    await generate();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Önizle' }));
    const retry = await screen.findByRole('button', { name: 'Tekrar Dene' });
    expect($toasts.get().at(-1)).toMatchObject({ kind: 'error', title: 'Veri yüklenirken hata oluştu' });
    expect(gets()).toHaveLength(1);
    fail = false;
    await userEvent.setup().click(retry);
    await waitFor(() => expect(count('total')).toBe('5'));
    expect(gets()).toHaveLength(2);
    expect(screen.queryByRole('button', { name: 'Tekrar Dene' })).toBeNull();
  });

  it('a range longer than 31 days is asked for in requests of at most 31 days, and paged a week at a time', async () => {
    const end = addDays(today, 40);
    await preview(today, end);
    expect(gets().map((c) => c.query)).toEqual([
      { from: today, to: addDays(today, 30) },
      { from: addDays(today, 31), to: end },
    ]);
    expect(screen.getAllByRole('tab')).toHaveLength(7);
    expect(screen.getByRole('button', { name: 'Önceki günler' }).hasAttribute('disabled')).toBe(true);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Sonraki günler' }));
    const tabs = screen.getAllByRole('tab');
    expect(tabs[0].getAttribute('data-preview-day')).toBe(addDays(today, 7));
    expect(tabs[0].getAttribute('aria-selected')).toBe('true');
    expect(screen.getByRole('heading', { name: longDayOf(addDays(today, 7)) })).toBeTruthy();
  });

  it('chunks a range exactly: 31 days is one request, 32 are two, 62 are two, 63 are three', () => {
    const lengths = [31, 32, 62, 63].map((n) => rangeChunks(today, addDays(today, n - 1)).length);
    expect(lengths).toEqual([1, 2, 2, 3]);
    const chunks = rangeChunks(today, addDays(today, 62));
    expect(chunks.at(-1)).toEqual({ from: addDays(today, 62), to: addDays(today, 62) });
  });

  it('Kapat on the preview closes the dialog', async () => {
    const { onClose } = await preview();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Kapat' }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });
});

function Harness() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Slot Oluştur menüsü
      </button>
      {open && <SlotGenerationDialog facility={FACILITY} onClose={() => setOpen(false)} />}
    </>
  );
}

describe('focus', () => {
  it('moves into the dialog, stays inside through every step, and returns to the opener when it closes', async () => {
    render(<Harness />);
    const opener = screen.getByRole('button', { name: 'Slot Oluştur menüsü' });
    await userEvent.setup().click(opener);
    const dialog = screen.getByRole('dialog', { name: 'Slot Oluştur' });
    await waitFor(() => expect(dialog.contains(document.activeElement)).toBe(true));

    await typeDate('Başlangıç tarihi', day1);
    await typeDate('Bitiş tarihi', day3);
    await userEvent.setup().click(submitButton());
    await screen.findByText(MESSAGE, { selector: '[data-generation-result] p' });
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Önizle' })));

    await userEvent.setup().keyboard('{Enter}');
    await waitFor(() => expect(count('total')).toBe('5'));
    await waitFor(() => expect(document.activeElement?.getAttribute('data-preview-day')).toBe(day1));
    expect(screen.getByRole('dialog', { name: 'Slot Önizleme' }).contains(document.activeElement)).toBe(true);

    await userEvent.setup().keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(opener));
  });
});

describe('no year is written into the form or the preview', () => {
  it('in another year (the clock set to 30 December 2031) the window, the request and the preview all follow the clock', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2031-12-30T09:00:00Z'));
    try {
      expect(generationWindow()).toEqual({ min: '2031-12-30', max: '2032-03-30' });
      onSlots = (c) => [
        200,
        {
          data: {
            from: c.query.from,
            to: c.query.to,
            facility: {},
            slots: [slot('2031-12-31', '20:00'), slot('2032-01-01', '21:00', held('Yılbaşı Takımı', 'approved'))],
            bookableUntil: null,
          },
        },
      ];
      const user = userEvent.setup();
      open();
      await typeDate('Başlangıç tarihi', '2031-12-31');
      await typeDate('Bitiş tarihi', '2032-01-02');
      await user.click(submitButton());
      await screen.findByText(MESSAGE, { selector: '[data-generation-result] p' });
      expect(posts()[0].body).toEqual({ startDate: '2031-12-31', endDate: '2032-01-02', overwrite: false });
      await user.click(screen.getByRole('button', { name: 'Önizle' }));
      await screen.findByRole('heading', { name: longDayOf('2031-12-31') });
      expect(longDayOf('2031-12-31')).toMatch(/ 31\.12\.2031$/);
      expect(gets()[0].query).toEqual({ from: '2031-12-31', to: '2032-01-02' });
      expect(screen.getAllByRole('tab').map((t) => t.textContent?.slice(-5))).toEqual(['31.12', '01.01', '02.01']);
      await user.click(screen.getAllByRole('tab')[1]);
      await screen.findByRole('heading', { name: longDayOf('2032-01-01') });
      expect(slotTexts()).toEqual([['21:00 – 22:00', 'Yılbaşı Takımı', 'Onaylı']]);
      const shown = screen.getByRole('dialog').textContent ?? '';
      expect(shown).toContain('01.01.2032');
      expect(shown.match(/20\d\d/g)?.every((y) => y === '2032')).toBe(true);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('SlotPreviewDialog on its own', () => {
  it("is a labelled 'Slot Önizleme' dialog over the given range, closed by Kapat", async () => {
    const onClose = vi.fn();
    render(<SlotPreviewDialog facility={FACILITY} startDate={day1} endDate={day2} onClose={onClose} />);
    const dialog = screen.getByRole('dialog', { name: 'Slot Önizleme' });
    expect(within(dialog).getByText('Nilüfer Arena')).toBeTruthy();
    await waitFor(() => expect(count('total')).toBe('5'));
    expect(gets().map((c) => c.query)).toEqual([{ from: day1, to: day2 }]);
    expect(screen.getAllByRole('tab')).toHaveLength(2);
    expect(screen.queryByRole('button', { name: 'Sonraki günler' })).toBeNull();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Kapat' }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });
});
