// Smaller copies of the photos a pitch form uploads (public pages use responsive sizes). The browser already
// decodes and encodes images, so the copies are made here, before sending: WebP at IMAGE_VARIANT_WIDTHS, only below the
// photo's own width, named '<photo index>-<width>.webp'. The server checks each against its photo.
import { IMAGE_VARIANT_WIDTHS } from '../../../contracts/facility-form';

const QUALITY = 0.82;

/**
 * Every copy of every photo, in order. A browser that cannot decode a photo or encode WebP gives none for it: the photo
 * is then shown at its own size, nothing fails.
 */
export async function imageVariants(files: readonly File[]): Promise<File[]> {
  const out: File[] = [];
  for (const [index, file] of files.entries()) {
    try {
      out.push(...(await variantsOf(file, index)));
    } catch {
      // no copies for this photo
    }
  }
  return out;
}

async function variantsOf(file: File, index: number): Promise<File[]> {
  if (typeof createImageBitmap !== 'function') return [];
  // Turned upright as the photo's EXIF orientation says, as browsers show the photo itself.
  const bitmap = await createImageBitmap(file);
  try {
    const out: File[] = [];
    for (const width of IMAGE_VARIANT_WIDTHS) {
      if (width >= bitmap.width) break;
      const height = Math.round((bitmap.height * width) / bitmap.width);
      const blob = await encode(bitmap, width, height);
      // A browser without a WebP encoder answers PNG: then no copies at all.
      if (blob?.type !== 'image/webp') return out;
      out.push(new File([blob], `${index}-${width}.webp`, { type: 'image/webp' }));
    }
    return out;
  } finally {
    bitmap.close();
  }
}

async function encode(bitmap: ImageBitmap, width: number, height: number): Promise<Blob | null> {
  if (typeof OffscreenCanvas === 'function') {
    const canvas = new OffscreenCanvas(width, height);
    const ctx = canvas.getContext('2d');
    if (!ctx) return null;
    ctx.imageSmoothingQuality = 'high';
    ctx.drawImage(bitmap, 0, 0, width, height);
    return canvas.convertToBlob({ type: 'image/webp', quality: QUALITY });
  }
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const ctx = canvas.getContext('2d');
  if (!ctx) return null;
  ctx.imageSmoothingQuality = 'high';
  ctx.drawImage(bitmap, 0, 0, width, height);
  return new Promise((resolve) => canvas.toBlob(resolve, 'image/webp', QUALITY));
}
