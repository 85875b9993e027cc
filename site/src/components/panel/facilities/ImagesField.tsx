import { useEffect, useId, useMemo, useState } from 'react';
import { facilityMsg, IMAGE_TYPES, MAX_IMAGE_BYTES, MAX_IMAGES } from '../../../../../contracts/facility-form';
import type { FacilityImageWire } from '../../../../../contracts/wire/facility';
import { toast } from '../../../stores/toast';
import { Button } from '../../ui/Button';
import { fieldDescription, fieldError, fieldLabel } from '../../ui/field';
import { hasFocusRing } from '../../ui/focus';
import { UndoIcon, XIcon } from '../../ui/icons';
import { ImageIcon } from './icons';

export const MARKED_FOR_DELETION = 'Görsel silinmek üzere işaretlendi. Değişikliği uygulamak için kaydedin.';

/** Which of the chosen files may be added next to `kept` images already there, with the first reason to refuse. */
export function checkImages(
  kept: number,
  current: number,
  chosen: readonly File[],
): { accepted: File[]; error: string | null } {
  if (kept + current + chosen.length > MAX_IMAGES)
    return { accepted: [], error: facilityMsg.tooManyImages(kept + current) };
  const accepted: File[] = [];
  let error: string | null = null;
  for (const file of chosen) {
    if (!(IMAGE_TYPES as readonly string[]).includes(file.type)) error ??= facilityMsg.imageType;
    else if (file.size >= MAX_IMAGE_BYTES) error ??= facilityMsg.imageTooLarge;
    else accepted.push(file);
  }
  return { accepted, error };
}

interface Props {
  existing: FacilityImageWire[];
  toDelete: number[];
  onToggleDelete: (id: number) => void;
  files: File[];
  onFiles: (files: File[]) => void;
  /** A server error about the images. */
  error?: string;
}

/** The pitch's images: the ones it has (each can be marked for deletion) and the new files with their thumbnails. */
export function ImagesField({ existing, toDelete, onToggleDelete, files, onFiles, error }: Props) {
  const id = useId();
  const [ownError, setOwnError] = useState<string | null>(null);
  const kept = existing.length - existing.filter((i) => toDelete.includes(i.id)).length;
  const previews = useMemo(() => files.map((f) => ({ file: f, url: URL.createObjectURL(f) })), [files]);
  useEffect(
    () => () => {
      for (const p of previews) URL.revokeObjectURL(p.url);
    },
    [previews],
  );
  const shownError = ownError ?? error;

  function choose(list: FileList | null) {
    const chosen = Array.from(list ?? []);
    if (!chosen.length) return;
    const { accepted, error: refused } = checkImages(kept, files.length, chosen);
    setOwnError(refused);
    if (accepted.length) onFiles([...files, ...accepted]);
  }

  return (
    <fieldset className="min-w-0 space-y-3" aria-describedby={`${id}-hint`}>
      <legend className={fieldLabel}>Görseller</legend>
      {existing.length > 0 && (
        <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3" aria-label="Mevcut görseller">
          {existing.map((img) => {
            const marked = toDelete.includes(img.id);
            return (
              <li key={img.id} className="min-w-0 space-y-1" data-existing-image={img.id} data-marked={marked}>
                <img
                  src={img.url}
                  alt={img.alternativeText || img.name}
                  width={img.width ?? 320}
                  height={img.height ?? 180}
                  loading="lazy"
                  className={`aspect-video w-full rounded-lg object-cover ${marked ? 'opacity-40 grayscale' : ''}`}
                />
                <p
                  className={`truncate text-xs text-slate-700 dark:text-slate-300 ${marked ? 'line-through' : ''}`}
                  title={img.name}
                >
                  {marked && <span className="sr-only">Silinecek: </span>}
                  {img.name}
                </p>
                <Button
                  variant={marked ? 'secondary' : 'ghost'}
                  size="sm"
                  aria-pressed={marked}
                  onPress={() => {
                    onToggleDelete(img.id);
                    if (!marked) toast('info', MARKED_FOR_DELETION);
                  }}
                >
                  {marked ? <UndoIcon /> : <XIcon />}
                  {marked ? 'Geri al' : 'Sil'}
                </Button>
              </li>
            );
          })}
        </ul>
      )}

      <label
        className={`flex w-full cursor-pointer flex-col items-center gap-1 rounded-xl border-2 border-dashed border-slate-300 p-4 text-center text-sm text-slate-800 hover:bg-slate-50 dark:border-slate-600 dark:text-slate-200 dark:hover:bg-slate-800 ${hasFocusRing}`}
      >
        <ImageIcon className="h-6 w-6 text-slate-600 dark:text-slate-300" />
        <span className="font-semibold">Görsel ekle</span>
        <input
          type="file"
          accept={IMAGE_TYPES.join(',')}
          multiple
          className="sr-only"
          aria-describedby={`${id}-hint${shownError ? ` ${id}-error` : ''}`}
          aria-invalid={shownError ? true : undefined}
          onChange={(e) => {
            choose(e.target.files);
            e.target.value = '';
          }}
        />
      </label>
      <span id={`${id}-hint`} className={fieldDescription}>
        En fazla {MAX_IMAGES} görsel; JPEG, PNG, WebP veya AVIF, her biri 5MB'dan küçük.
      </span>
      {shownError && (
        <p id={`${id}-error`} role="alert" className={fieldError}>
          {shownError}
        </p>
      )}

      {previews.length > 0 && (
        <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3" aria-label="Yeni görseller">
          {previews.map((p, i) => (
            <li key={p.url} className="min-w-0 space-y-1" data-new-image>
              <img src={p.url} alt="" className="aspect-video w-full rounded-lg object-cover" />
              <p className="truncate text-xs text-slate-700 dark:text-slate-300" title={p.file.name}>
                {p.file.name}
              </p>
              <Button
                variant="ghost"
                size="sm"
                aria-label={`${p.file.name} görselini çıkar`}
                onPress={() => {
                  setOwnError(null);
                  onFiles(files.filter((_, j) => j !== i));
                }}
              >
                <XIcon /> Çıkar
              </Button>
            </li>
          ))}
        </ul>
      )}
    </fieldset>
  );
}
