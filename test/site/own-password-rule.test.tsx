// Hesabım's new password follows the one rule for new passwords (8 characters, as `npm run staff:create`): the form
// says so and refuses a shorter one before sending anything.
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { staffMsg } from '../../contracts/staff';
import OwnPassword from '../../site/src/islands/OwnPassword';

afterEach(() => vi.unstubAllGlobals());

describe('OwnPassword: one rule for new passwords', () => {
  it('asks for 8 characters and refuses a 7-character new password without a request', async () => {
    const fetch = vi.fn(async () => new Response('{}', { status: 200 }));
    vi.stubGlobal('fetch', fetch);
    const u = userEvent.setup();
    render(<OwnPassword />);
    const next = screen.getByLabelText(/^Yeni şifre(?! \()/);
    expect(document.getElementById(next.getAttribute('aria-describedby')!.split(' ')[0])!.textContent).toBe(
      'En az 8 karakter.',
    );
    await u.type(screen.getByLabelText(/^Mevcut şifre/), 'secret123');
    await u.type(next, 'yeni123');
    await u.type(screen.getByLabelText(/^Yeni şifre \(tekrar\)/), 'yeni123');
    await u.click(screen.getByRole('button', { name: 'Şifreyi değiştir' }));
    expect(await screen.findByText(staffMsg.newPasswordTooShort)).toBeTruthy();
    expect(staffMsg.newPasswordTooShort).toBe('Yeni şifre en az 8 karakter olmalı');
    expect(fetch).not.toHaveBeenCalled();
  });
});
