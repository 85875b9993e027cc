import { tl } from '../../lib/format';
import type { BookingFacility } from '../../stores/booking';
import { BusIcon, CheckIcon } from '../ui/icons';
import { Modal } from '../ui/Modal';

export const NO_AMENITIES = 'Bu saha için henüz özellik bilgisi eklenmemiş.';

/** Available amenities and the transport service, or the empty text of behaviour.md#public-site. */
export function AmenitiesModal({
  facility: f,
  isOpen,
  onOpenChange,
}: {
  facility: BookingFacility;
  isOpen: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const empty = f.amenities.length === 0 && !f.transport;
  return (
    <Modal title={`${f.name} – İmkanlar`} isOpen={isOpen} onOpenChange={onOpenChange}>
      {empty ? (
        <p className="text-slate-700 dark:text-slate-300">{NO_AMENITIES}</p>
      ) : (
        <div className="space-y-5">
          {f.amenities.length > 0 && (
            <ul className="grid grid-cols-2 gap-2" aria-label="Saha imkanları">
              {f.amenities.map((a) => (
                <li
                  key={a}
                  className="flex items-center gap-2 rounded-lg bg-turf-50 px-3 py-2 text-sm font-medium text-turf-900 dark:bg-turf-950 dark:text-turf-100"
                >
                  <CheckIcon className="h-4 w-4 shrink-0" />
                  {a}
                </li>
              ))}
            </ul>
          )}
          {f.transport && (
            <section
              aria-labelledby="amenities-transport"
              className="rounded-lg border border-amber-300 bg-amber-50 p-4 text-amber-950 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-50"
            >
              <h3 id="amenities-transport" className="flex items-center gap-2 font-semibold">
                <BusIcon className="h-5 w-5" /> Servis Hizmeti{' '}
                <span className="font-normal">(+{tl(f.transport.price)} ek ücret)</span>
              </h3>
              {f.transport.description && <p className="mt-1 text-sm">{f.transport.description}</p>}
              {f.transport.pickupPoints.length > 0 && (
                <ul className="mt-2 list-disc space-y-1 pl-5 text-sm">
                  {f.transport.pickupPoints.map((p) => (
                    <li key={p.id}>
                      {p.name}
                      {p.time && ` – ${p.time}`}
                    </li>
                  ))}
                </ul>
              )}
            </section>
          )}
        </div>
      )}
    </Modal>
  );
}
