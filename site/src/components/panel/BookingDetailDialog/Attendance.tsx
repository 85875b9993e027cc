// 'Geldi' / 'Gelmedi' after a match starts (docs/behaviour.md#bookings): the buttons (reusable, e.g. on the Bugün
// sheet) and the booking detail's section with the current mark.
import type { AttendanceMark } from '../../../../../contracts/payments';
import { ATTENDANCE_LABELS } from '../../../../../contracts/payments';
import { client, unwrap } from '../../../lib/api';
import { trDateTime } from '../../../lib/format';
import { Button } from '../../ui/Button';
import { UserIcon } from '../../ui/icons';
import { useActionRunner } from './action-runner';
import type { BookingDetail } from './model';

export const ATTENDANCE_FAILED = 'Katılım kaydedilemedi. Lütfen tekrar deneyin.';
export const attendanceSaved = (mark: AttendanceMark) => `Katılım işaretlendi: ${ATTENDANCE_LABELS[mark]}`;

/** An approved booking whose start has passed can be marked (the server checks the same). */
export const canMarkAttendance = (b: { status: string; startsAt: string }, now: number) =>
  b.status === 'approved' && Date.parse(b.startsAt) <= now;

interface ButtonsProps {
  /** The booking's documentId (or number). */
  documentId: string;
  /** The current mark, shown pressed. */
  attendance: AttendanceMark | null;
  /** The booking as the server answered after the mark. */
  onChanged: (b: BookingDetail, message: string) => void;
  size?: 'sm' | 'md';
}

/** 'Geldi' and 'Gelmedi': one POST /api/bookings/:id/attendance each; the current mark is pressed. */
export function AttendanceButtons({ documentId, attendance, onChanged, size = 'sm' }: ButtonsProps) {
  const { busy, run } = useActionRunner<AttendanceMark>();
  const mark = (value: AttendanceMark) =>
    run(
      value,
      async () =>
        onChanged(
          await unwrap(
            client.api.bookings[':id'].attendance.$post({ param: { id: documentId }, json: { attendance: value } }),
          ),
          attendanceSaved(value),
        ),
      ATTENDANCE_FAILED,
    );
  return (
    <div role="group" aria-label="Katılım" className="flex flex-wrap gap-2" data-attendance-buttons>
      {(['played', 'no_show'] as const).map((value) => (
        <Button
          key={value}
          size={size}
          variant={attendance === value ? (value === 'played' ? 'primary' : 'danger') : 'secondary'}
          aria-pressed={attendance === value}
          isDisabled={busy !== null}
          onPress={() => mark(value)}
        >
          {busy === value ? 'Kaydediliyor...' : ATTENDANCE_LABELS[value]}
        </Button>
      ))}
    </div>
  );
}

interface Props {
  booking: BookingDetail;
  onChanged: (b: BookingDetail, message: string) => void;
  now?: number;
}

/** The detail dialog's section: shown once an approved booking's start has passed. */
export function Attendance({ booking: b, onChanged, now = Date.now() }: Props) {
  if (!canMarkAttendance(b, now)) return null;
  return (
    <section
      aria-labelledby="booking-attendance"
      data-attendance={b.attendance ?? 'none'}
      className="min-w-0 rounded-xl border border-slate-200 p-4 dark:border-slate-700"
    >
      <h3
        id="booking-attendance"
        className="flex items-center gap-2 text-sm font-semibold text-slate-700 dark:text-slate-300"
      >
        <UserIcon aria-hidden="true" />
        Katılım
      </h3>
      <p className="mt-1 text-sm text-slate-800 dark:text-slate-200" data-attendance-state>
        {b.attendance
          ? `${ATTENDANCE_LABELS[b.attendance]}${b.attendanceBy ? ` · ${b.attendanceBy}` : ''}${b.attendanceAt ? ` · ${trDateTime(b.attendanceAt)}` : ''}`
          : 'Henüz işaretlenmedi: maç başladı, müşteri geldi mi?'}
      </p>
      <div className="mt-3">
        <AttendanceButtons documentId={b.documentId} attendance={b.attendance} onChanged={onChanged} />
      </div>
    </section>
  );
}
