// A notification opens the booking it is about, in the bell and on Bildirimler: its title links to Rezervasyonlar with
// the booking's number, and opening it marks it read; one about no booking stays plain text.
import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { bookingHref, NotificationTitle } from '../../site/src/components/notifications/NotificationParts';
import { notification } from './fixtures/notification';

describe('notification links', () => {
  it('links a booking notification to its detail on Rezervasyonlar and reports the open', () => {
    const n = notification(1, { title: 'Yeni Rezervasyon', bookingId: 7, bookingNumber: 'HSRK7M2P9QX' });
    expect(bookingHref(n)).toBe('/yonetim/rezervasyonlar?booking=HSRK7M2P9QX');
    const onOpen = vi.fn();
    render(<NotificationTitle n={n} className="" onOpen={onOpen} />);
    const link = screen.getByRole('link', { name: 'Yeni Rezervasyon' });
    expect(link.getAttribute('href')).toBe('/yonetim/rezervasyonlar?booking=HSRK7M2P9QX');
    link.addEventListener('click', (e) => e.preventDefault());
    fireEvent.click(link);
    expect(onOpen).toHaveBeenCalledWith(n);
  });

  it('a notification about no booking is plain text', () => {
    const n = notification(2, { title: 'Test bildirimi', bookingNumber: null });
    expect(bookingHref(n)).toBeNull();
    render(<NotificationTitle n={n} className="" />);
    expect(screen.queryByRole('link')).toBeNull();
    expect(screen.getByText('Test bildirimi')).toBeTruthy();
  });
});
