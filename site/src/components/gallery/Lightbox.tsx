import type { RefObject } from 'react';
import { Modal, ModalOverlay } from 'react-aria-components/Modal';
import { Dialog } from '../ui/Dialog';
import { photoFocusRing } from '../ui/focus';
import { ChevronLeftIcon, ChevronRightIcon } from '../ui/icons';

export interface GalleryImage {
  url: string;
  alt: string;
  width: number | null;
  height: number | null;
  /** The photo's smaller copies (FacilityImageWire.srcset). */
  srcset: string | null;
}

// The lightbox picture fills the screen less its side padding (px-2, sm:px-16).
const LIGHTBOX_SIZES = '(min-width: 640px) calc(100vw - 8rem), calc(100vw - 1rem)';
const THUMB_SIZES = '(min-width: 640px) 96px, 80px';

const control = `flex cursor-pointer items-center justify-center rounded-full bg-black/60 text-white hover:bg-black/80 ${photoFocusRing}`;

/** The pitch's photos full screen (behaviour.md#public-site): Escape closes, thumbnails and an 'n / N' counter; focus stays inside. */
export function Lightbox({
  images,
  name,
  index,
  show,
  onClose,
  thumbs,
}: {
  images: GalleryImage[];
  name: string;
  index: number;
  show: (i: number) => void;
  onClose: () => void;
  thumbs: RefObject<HTMLDivElement | null>;
}) {
  const n = images.length;
  const current = images[index];
  return (
    <ModalOverlay
      isOpen
      onOpenChange={(isOpen) => !isOpen && onClose()}
      isDismissable
      className="fixed inset-0 z-50 bg-black"
    >
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
  );
}
