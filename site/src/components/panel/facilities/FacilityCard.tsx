import type { Key } from 'react-aria-components';
import { formatPhone } from '../../../../../contracts/phone';
import { averageText } from '../../../../../contracts/ratings';
import type { FacilityWire } from '../../../../../contracts/wire/facility';
import { slotUnit, tl } from '../../../lib/format';
import { Button } from '../../ui/Button';
import {
  BusIcon,
  CalendarPlusIcon,
  CheckIcon,
  ClockIcon,
  PencilIcon,
  PhoneIcon,
  TrashIcon,
  XIcon,
} from '../../ui/icons';
import { Menu, MenuItem, MenuTrigger } from '../../ui/Menu';
import { BankIcon, ImageIcon, MapIcon, MoreIcon, PowerIcon } from './icons';

/** Amenities shown on a card before the '+N' (behaviour.md#constants-and-limits). */
export const CARD_AMENITIES = 4;

export type CardAction = 'edit' | 'toggle' | 'slots' | 'delete';

const badge = 'inline-flex items-center gap-1 rounded-full border px-2.5 py-1 text-xs font-semibold whitespace-nowrap';
const activeTone = 'border-turf-300 bg-turf-50 text-turf-900 dark:border-turf-700 dark:bg-turf-950 dark:text-turf-100';
const inactiveTone =
  'border-slate-300 bg-slate-100 text-slate-800 dark:border-slate-600 dark:bg-slate-800 dark:text-slate-100';
const chip =
  'inline-flex max-w-full items-center gap-1 rounded-full bg-slate-100 px-2 py-0.5 text-xs font-medium text-slate-800 ' +
  '[overflow-wrap:anywhere] dark:bg-slate-800 dark:text-slate-100';

export function StatusTag({ active }: { active: boolean }) {
  return (
    <span className={`${badge} ${active ? activeTone : inactiveTone}`} data-active={active}>
      {active ? <CheckIcon className="h-3.5 w-3.5" /> : <XIcon className="h-3.5 w-3.5" />}
      {active ? 'Aktif' : 'Pasif'}
    </span>
  );
}

/** One pitch of the grid (behaviour.md#management-panel 'Pitch card'). */
export function FacilityCard({ facility: f, onAction }: { facility: FacilityWire; onAction: (a: CardAction) => void }) {
  const image = f.images[0];
  const amenities = (Array.isArray(f.facilities) ? f.facilities : []).filter((a) => a.available);
  const phones = f.phoneNumbers.filter((p) => p.trim());
  const services = f.facilityServices?.length ?? 0;
  const transport = f.transportationService;

  return (
    <article
      className="flex min-w-0 flex-col overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm dark:border-slate-700 dark:bg-slate-900"
      data-facility={f.documentId}
      aria-labelledby={`facility-${f.id}-name`}
    >
      <div className="relative aspect-video bg-slate-100 dark:bg-slate-800">
        {image ? (
          <img
            src={image.url}
            alt={image.alternativeText || f.name}
            width={image.width ?? 640}
            height={image.height ?? 360}
            loading="lazy"
            decoding="async"
            className="h-full w-full object-cover"
          />
        ) : (
          <div
            className="flex h-full w-full flex-col items-center justify-center gap-1 text-slate-600 dark:text-slate-300"
            data-placeholder
          >
            <ImageIcon className="h-8 w-8" />
            <span className="text-xs">Görsel yok</span>
          </div>
        )}
        <div className="absolute top-2 left-2">
          <StatusTag active={f.isActive} />
        </div>
        <div className="absolute top-2 right-2">
          <MenuTrigger>
            <Button variant="secondary" size="iconSm" aria-label={`${f.name} işlemleri`} className="shadow-sm">
              <MoreIcon />
            </Button>
            <Menu aria-label={`${f.name} işlemleri`} onAction={(key: Key) => onAction(String(key) as CardAction)}>
              <MenuItem id="edit" textValue="Düzenle">
                <PencilIcon /> Düzenle
              </MenuItem>
              <MenuItem id="toggle" textValue={f.isActive ? 'Pasif Yap' : 'Aktif Yap'}>
                <PowerIcon /> {f.isActive ? 'Pasif Yap' : 'Aktif Yap'}
              </MenuItem>
              <MenuItem id="slots" textValue="Slot Oluştur">
                <CalendarPlusIcon /> Slot Oluştur
              </MenuItem>
              <MenuItem id="delete" textValue="Sil" tone="danger">
                <TrashIcon /> Sil
              </MenuItem>
            </Menu>
          </MenuTrigger>
        </div>
      </div>

      <div className="flex min-w-0 flex-1 flex-col gap-3 p-4">
        <div className="min-w-0">
          <h2
            id={`facility-${f.id}-name`}
            className="text-lg font-bold [overflow-wrap:anywhere] text-slate-900 dark:text-slate-100"
          >
            {f.name}
          </h2>
          {f.description && (
            <p className="mt-1 line-clamp-2 text-sm [overflow-wrap:anywhere] text-slate-700 dark:text-slate-300">
              {f.description}
            </p>
          )}
        </div>

        <ul className="space-y-1 text-sm text-slate-700 dark:text-slate-300" aria-label="İletişim">
          {phones.length > 0 && (
            <li className="flex min-w-0 items-center gap-2" data-contact="phone">
              <PhoneIcon className="h-4 w-4 text-slate-600 dark:text-slate-300" />
              <span className="[overflow-wrap:anywhere]">
                {phones.length > 1 ? `${phones.length} telefon` : formatPhone(phones[0])}
              </span>
            </li>
          )}
          {f.bankName && (
            <li className="flex min-w-0 items-center gap-2" data-contact="bank">
              <BankIcon className="h-4 w-4 text-slate-600 dark:text-slate-300" />
              <span className="[overflow-wrap:anywhere]">{f.bankName}</span>
            </li>
          )}
          {f.googleMapsLocation && (
            <li className="flex min-w-0 items-center gap-2" data-contact="map">
              <MapIcon className="h-4 w-4 text-slate-600 dark:text-slate-300" />
              <span>Harita konumu mevcut</span>
            </li>
          )}
        </ul>

        <div className="flex flex-wrap items-baseline justify-between gap-2">
          <p className="text-lg font-bold text-turf-800 tabular-nums dark:text-turf-300" data-price>
            {tl(f.hourlyPrice)}{' '}
            <span className="text-sm font-medium text-slate-700 dark:text-slate-300">
              / {slotUnit(f.bookingTimeType)}
            </span>
          </p>
          <p className="text-sm text-slate-700 dark:text-slate-300" data-services>
            {services} hizmet
          </p>
        </div>

        <a
          href={`/yonetim/sahalar/degerlendirmeler?saha=${f.id}`}
          className="self-start text-sm font-medium text-turf-800 underline underline-offset-2 dark:text-turf-300"
          data-ratings-link
        >
          Değerlendirmeler
          {f.ratingSummary ? ` (${averageText(f.ratingSummary.average)} · ${f.ratingSummary.count})` : ''}
          <span className="sr-only">: {f.name}</span>
        </a>

        {amenities.length > 0 && (
          <ul className="flex flex-wrap gap-1.5" aria-label="İmkanlar" data-amenities>
            {amenities.slice(0, CARD_AMENITIES).map((a) => (
              <li key={a.name} className={chip}>
                {a.name}
              </li>
            ))}
            {amenities.length > CARD_AMENITIES && (
              <li className={chip} data-more>
                <span aria-hidden="true">+{amenities.length - CARD_AMENITIES}</span>
                <span className="sr-only">ve {amenities.length - CARD_AMENITIES} imkan daha</span>
              </li>
            )}
          </ul>
        )}

        <div className="mt-auto flex flex-wrap gap-1.5 pt-1">
          {transport?.isActive && (
            <span
              className={`${badge} border-sky-300 bg-sky-50 text-sky-900 dark:border-sky-700 dark:bg-sky-950 dark:text-sky-100`}
              data-transport
            >
              <BusIcon className="h-3.5 w-3.5" /> Servis +{tl(transport.price)}
            </span>
          )}
          <span className={`${badge} ${inactiveTone}`} data-offset>
            <ClockIcon className="h-3.5 w-3.5" /> {f.startTimeOffset === 'half_hour' ? 'Buçuklu' : 'Tam Saat'}
          </span>
        </div>
      </div>
    </article>
  );
}
