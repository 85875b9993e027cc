import { useEffect, useRef, useState } from 'react';
import { Modal, ModalOverlay } from 'react-aria-components/Modal';
import { Dialog } from '../components/ui/Dialog';
import { photoFocusRing } from '../components/ui/focus';
import { ChevronLeftIcon, ChevronRightIcon } from '../components/ui/icons';

export interface GalleryImage {
  url: string;
  alt: string;
  width: number | null;
  height: number | null;
  /** The photo's smaller copies (FacilityImageWire.srcset). */
  srcset: string | null;
}

// `sizes` of each picture for its layout. The grid sits in the pitch page's main column: the full max-w-6xl (72rem) width
// minus px-4 under 1024 px, two of three columns (gap-10) from 1024 px; two thumbnails a row (gap-3) under 640 px, three
// from 640 px. The lightbox picture fills the screen less its side padding (px-2, sm:px-16).
const GRID_SIZES =
  '(min-width: 1152px) 237px, (min-width: 1024px) calc((200vw - 11rem) / 9), (min-width: 640px) calc((100vw - 3.5rem) / 3), calc(50vw - 1.375rem)';
const LIGHTBOX_SIZES = '(min-width: 640px) calc(100vw - 8rem), calc(100vw - 1rem)';
const THUMB_SIZES = '(min-width: 640px) 96px, 80px';

const control = `flex cursor-pointer items-center justify-center rounded-full bg-black/60 text-white hover:bg-black/80 ${photoFocusRing}`;

/**
 * The pitch's photos: a trigger (the hero's gallery button, or a thumbnail grid) and a full-screen lightbox with
 * Escape to close, Left/Right arrows, thumbnails and an 'n / N' counter (01 §2). Focus stays inside while it is open.
 */
export default function Gallery({
  images,
  name,
  variant,
}: {
  images: GalleryImage[];
  name: string;
  variant: 'button' | 'grid';
}) {
  const [open, setOpen] = useState(false);
  const [index, setIndex] = useState(0);
  const thumbs = useRef<HTMLDivElement>(null);
  const n = images.length;

  // Left/Right anywhere while the lightbox is open, whichever element inside it has focus (the dialog itself included).
  useEffect(() => {
    if (!open || n < 2) return;
    const onKeyDown = (e: KeyboardEvent) => {
      if (e.key !== 'ArrowRight' && e.key !== 'ArrowLeft') return;
      e.preventDefault();
      show(index + (e.key === 'ArrowRight' ? 1 : -1));
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  });

  if (n === 0) return null;

  const show = (i: number) => {
    const next = (i + n) % n;
    setIndex(next);
    thumbs.current
      ?.querySelector<HTMLElement>(`[data-thumb="${next}"]`)
      ?.scrollIntoView?.({ block: 'nearest', inline: 'center' });
  };
  const openAt = (i: number) => {
    setIndex(i);
    setOpen(true);
  };
  const current = images[index];

  return (
    <>
      {variant === 'button' ? (
        <button
          type="button"
          onClick={() => openAt(0)}
          className="inline-flex cursor-pointer items-center gap-2 rounded-lg bg-white/95 px-3 py-2 text-sm font-semibold text-slate-900 shadow hover:bg-white"
        >
          <svg
            viewBox="0 0 24 24"
            className="h-4 w-4"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
            aria-hidden="true"
          >
            <rect x="3" y="5" width="18" height="14" rx="2" />
            <circle cx="8.5" cy="10" r="1.5" />
            <path d="M21 16l-5-5-9 8" />
          </svg>
          Galeri ({n} fotoğraf)
        </button>
      ) : (
        <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3">
          {images.map((img, i) => (
            <li key={img.url}>
              <button
                type="button"
                onClick={() => openAt(i)}
                className="group block w-full cursor-pointer overflow-hidden rounded-xl"
                aria-label={`${img.alt} – büyüt (${i + 1} / ${n})`}
              >
                <img
                  src={img.url}
                  srcSet={img.srcset ?? undefined}
                  alt=""
                  width={img.width ?? 960}
                  height={img.height ?? 640}
                  sizes={GRID_SIZES}
                  loading="lazy"
                  decoding="async"
                  className="aspect-[3/2] w-full object-cover transition group-hover:scale-105 motion-reduce:transition-none"
                />
              </button>
            </li>
          ))}
        </ul>
      )}

      <ModalOverlay isOpen={open} onOpenChange={setOpen} isDismissable className="fixed inset-0 z-50 bg-black">
        <Modal className="h-full w-full">
          <Dialog aria-label={`${name} fotoğrafları`} className="h-full text-white">
            {({ close }) => (
              <div className="flex h-full flex-col">
                <div className="flex items-center justify-between gap-4 px-4 py-3">
                  <p className="text-sm font-semibold tabular-nums" aria-live="polite" aria-atomic="true" data-counter>
                    {index + 1} / {n}
                    <span className="sr-only">: {current.alt}</span>
                  </p>
                  <button type="button" onClick={close} className={`${control} h-10 w-10`} aria-label="Galeriyi kapat">
                    <svg
                      viewBox="0 0 24 24"
                      className="h-5 w-5"
                      fill="none"
                      stroke="currentColor"
                      strokeWidth="2"
                      aria-hidden="true"
                    >
                      <path d="M6 6l12 12M18 6L6 18" />
                    </svg>
                  </button>
                </div>
                <div className="relative flex min-h-0 flex-1 items-center justify-center px-2 sm:px-16">
                  <img
                    src={current.url}
                    srcSet={current.srcset ?? undefined}
                    alt={current.alt}
                    className="max-h-full max-w-full rounded object-contain"
                    width={current.width ?? 1200}
                    height={current.height ?? 800}
                    sizes={LIGHTBOX_SIZES}
                    decoding="async"
                  />
                  {n > 1 && (
                    <>
                      <button
                        type="button"
                        onClick={() => show(index - 1)}
                        className={`${control} absolute left-2 top-1/2 h-12 w-12 -translate-y-1/2 sm:left-4`}
                        aria-label="Önceki fotoğraf"
                      >
                        <ChevronLeftIcon className="h-6 w-6" />
                      </button>
                      <button
                        type="button"
                        onClick={() => show(index + 1)}
                        className={`${control} absolute right-2 top-1/2 h-12 w-12 -translate-y-1/2 sm:right-4`}
                        aria-label="Sonraki fotoğraf"
                      >
                        <ChevronRightIcon className="h-6 w-6" />
                      </button>
                    </>
                  )}
                </div>
                <p className="px-4 pt-2 text-center text-sm text-slate-200">{current.alt}</p>
                {n > 1 && (
                  <div
                    ref={thumbs}
                    className="flex justify-center gap-2 overflow-x-auto px-4 py-3"
                    role="group"
                    aria-label="Küçük resimler"
                  >
                    {images.map((img, i) => (
                      <button
                        key={img.url}
                        type="button"
                        data-thumb={i}
                        onClick={() => show(i)}
                        aria-label={`Fotoğraf ${i + 1}: ${img.alt}`}
                        aria-current={i === index ? 'true' : undefined}
                        className={`shrink-0 cursor-pointer overflow-hidden rounded-md border-2 ${photoFocusRing} ${i === index ? 'border-white' : 'border-transparent opacity-70 hover:opacity-100'}`}
                      >
                        <img
                          src={img.url}
                          srcSet={img.srcset ?? undefined}
                          alt=""
                          width={96}
                          height={64}
                          sizes={THUMB_SIZES}
                          loading="lazy"
                          decoding="async"
                          className="h-14 w-20 object-cover sm:h-16 sm:w-24"
                        />
                      </button>
                    ))}
                  </div>
                )}
              </div>
            )}
          </Dialog>
        </Modal>
      </ModalOverlay>
    </>
  );
}
