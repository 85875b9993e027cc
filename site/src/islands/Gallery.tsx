import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import type { GalleryImage } from '../components/gallery/Lightbox';

export type { GalleryImage };

let lightboxReady = false;
const loadLightbox = () =>
  import('../components/gallery/Lightbox').then((m) => {
    lightboxReady = true;
    return m;
  });
const Lightbox = lazy(() => loadLightbox().then((m) => ({ default: m.Lightbox })));
const prefetch = () => void loadLightbox().catch(() => {});

/** Turns while the lightbox's code arrives (the first press may wait about a second on a phone). */
const Spinner = ({ className = '' }: { className?: string }) => (
  <span
    aria-hidden="true"
    className={`inline-block h-4 w-4 shrink-0 animate-spin rounded-full border-2 border-slate-300 border-t-turf-700 motion-reduce:animate-none ${className}`}
  />
);

// `sizes` of each picture for its layout. The grid sits in the pitch page's main column: the full max-w-6xl (72rem) width
// minus px-4 under 1024 px, two of three columns (gap-10) from 1024 px; two thumbnails a row (gap-3) under 640 px, three
// from 640 px.
const GRID_SIZES =
  '(min-width: 1152px) 237px, (min-width: 1024px) calc((200vw - 11rem) / 9), (min-width: 640px) calc((100vw - 3.5rem) / 3), calc(50vw - 1.375rem)';

/**
 * The pitch's photos: a trigger (the hero's gallery button, or a thumbnail grid) and a full-screen lightbox with
 * Escape to close, Left/Right arrows, thumbnails and an 'n / N' counter (behaviour.md#public-site). Focus stays inside while it is open.
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
  /** The press that opens the lightbox before its code has arrived: the pressed button says it is opening. */
  const [opening, setOpening] = useState<number | null>(null);
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
    if (lightboxReady) return;
    setOpening(i);
    void loadLightbox()
      .catch(() => {})
      .finally(() => setOpening(null));
  };

  return (
    <>
      {variant === 'button' ? (
        <button
          type="button"
          onClick={() => openAt(0)}
          onPointerEnter={prefetch}
          onFocus={prefetch}
          aria-busy={opening !== null || undefined}
          className="inline-flex cursor-pointer items-center gap-2 rounded-lg bg-white/95 px-3 py-2 text-sm font-semibold text-slate-900 shadow hover:bg-white aria-busy:cursor-wait"
        >
          {opening !== null ? (
            <>
              <Spinner /> Açılıyor…
            </>
          ) : (
            <>
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
            </>
          )}
        </button>
      ) : (
        <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3">
          {images.map((img, i) => (
            <li key={img.url}>
              <button
                type="button"
                onClick={() => openAt(i)}
                onPointerEnter={prefetch}
                onFocus={prefetch}
                aria-busy={opening === i || undefined}
                className="group relative block w-full cursor-pointer overflow-hidden rounded-xl aria-busy:cursor-wait"
                aria-label={`${img.alt} – büyüt (${i + 1} / ${n})${opening === i ? ', açılıyor…' : ''}`}
              >
                {opening === i && (
                  <span className="absolute inset-0 z-10 flex items-center justify-center gap-2 bg-black/55 text-sm font-semibold text-white">
                    <Spinner /> Açılıyor…
                  </span>
                )}
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

      {/* Said to screen readers too: the busy button alone is not announced everywhere. */}
      <span role="status" className="sr-only">
        {opening !== null ? 'Galeri açılıyor…' : ''}
      </span>
      {/* The lightbox (react-aria's modal, ≈ 25 KB gzip) loads on the first hover, focus or press of a photo. */}
      {open && (
        <Suspense fallback={null}>
          <Lightbox
            images={images}
            name={name}
            index={index}
            show={show}
            onClose={() => setOpen(false)}
            thumbs={thumbs}
          />
        </Suspense>
      )}
    </>
  );
}
