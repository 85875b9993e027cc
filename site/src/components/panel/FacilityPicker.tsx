// The head of a per-pitch panel screen (Fiyatlandırma, Saha Servisleri): the pitch select, or a note when there is no
// pitch yet, and the alert when the screen's data could not be read.
import type { FacilityWire } from '../../../../contracts/wire/facility';
import { Select } from '../ui/Select';

const card = 'min-w-0 rounded-2xl border border-slate-200 bg-white p-4 sm:p-5 dark:border-slate-700 dark:bg-slate-900';

export function FacilityPicker(props: {
  facilities: FacilityWire[] | null;
  facilityId: string;
  options: { value: string; label: string }[];
  onChange: (facilityId: string) => void;
  isDisabled: boolean;
}) {
  if (props.facilities && props.facilities.length === 0) {
    return <p className={card}>Henüz saha yok. Önce Sahalar ekranından bir saha ekleyin.</p>;
  }
  return (
    <Select
      label="Saha"
      value={props.facilityId}
      onChange={props.onChange}
      options={props.options}
      isDisabled={!props.facilities || props.isDisabled}
      className="max-w-md"
    />
  );
}

/** The screen's data could not be read (the pitch list or the chosen pitch's own list). */
export function LoadFailed({ children }: { children: string }) {
  return (
    <p
      role="alert"
      className="rounded-xl border border-red-300 bg-red-50 p-3 text-red-900 dark:border-red-800 dark:bg-red-950 dark:text-red-100"
    >
      {children}
    </p>
  );
}
