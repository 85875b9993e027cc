import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';

// The lightbox's chunk arrives only when the test lets it: the first press waits on it, as on a phone (0.6–1.1 s).
// Each test imports the gallery afresh, with a chunk not yet arrived.
const chunk = { release: () => {}, arrived: Promise.resolve() };

/** The lightbox as the tests need it: a dialog that says which photo it shows. */
function FakeLightbox({ index }: { index: number }) {
  return (
    <div role="dialog" aria-label="Fotoğraf">
      {index + 1}
    </div>
  );
}

const images = [
  { url: '/a.jpg', alt: 'Saha gece', width: 960, height: 640, srcset: null },
  { url: '/b.jpg', alt: 'Soyunma odası', width: 960, height: 640, srcset: null },
];

beforeEach(() => {
  vi.resetModules();
  chunk.arrived = new Promise((resolve) => {
    chunk.release = resolve;
  });
  vi.doMock('../../site/src/components/gallery/Lightbox', async () => {
    await chunk.arrived;
    return { Lightbox: FakeLightbox };
  });
});

async function gallery(variant: 'button' | 'grid') {
  const { default: Gallery } = await import('../../site/src/islands/Gallery');
  render(<Gallery images={images} name="Nilüfer Arena" variant={variant} />);
}

describe('the gallery shows at once that it is opening (behaviour.md#public-site)', () => {
  it('the hero button: busy, a spinner and "Açılıyor…" until the lightbox is there; announced to screen readers', async () => {
    await gallery('button');
    const u = userEvent.setup();
    const button = screen.getByRole('button', { name: 'Galeri (2 fotoğraf)' });
    expect(button.getAttribute('aria-busy')).toBeNull();
    await u.click(button);
    expect(button.getAttribute('aria-busy')).toBe('true');
    expect(button.textContent).toBe(' Açılıyor…');
    expect(button.querySelector('.animate-spin')).not.toBeNull();
    expect(screen.getByRole('status').textContent).toBe('Galeri açılıyor…');
    expect(screen.queryByRole('dialog')).toBeNull();

    await act(async () => {
      chunk.release();
      await chunk.arrived;
    });
    expect(await screen.findByRole('dialog', { name: 'Fotoğraf' })).toBeTruthy();
    expect(button.getAttribute('aria-busy')).toBeNull();
    expect(button.textContent).toContain('Galeri (2 fotoğraf)');
    expect(screen.getByRole('status').textContent).toBe('');
  });

  it('a thumbnail: the pressed one says it is opening, in its name too', async () => {
    await gallery('grid');
    const u = userEvent.setup();
    await u.click(screen.getByRole('button', { name: 'Soyunma odası – büyüt (2 / 2)' }));
    const pressed = screen.getByRole('button', { name: 'Soyunma odası – büyüt (2 / 2), açılıyor…' });
    expect(pressed.getAttribute('aria-busy')).toBe('true');
    expect(pressed.textContent).toContain('Açılıyor…');
    expect(screen.getByRole('button', { name: 'Saha gece – büyüt (1 / 2)' }).getAttribute('aria-busy')).toBeNull();
    await act(async () => {
      chunk.release();
      await chunk.arrived;
    });
    expect((await screen.findByRole('dialog')).textContent).toBe('2');
    expect(screen.queryByText('Açılıyor…')).toBeNull();
  });
});
