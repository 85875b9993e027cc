import { useEffect, useId, useState } from 'react';
import { staffPushTexts as t } from '../../../../contracts/staff-push';
import { ApiRequestError, messageOf } from '../../lib/errors';
import {
  PushPermissionError,
  pushSupported,
  staffPushState,
  turnStaffPushOff,
  turnStaffPushOn,
} from '../../lib/staff-push';
import { Switch } from '../ui/Switch';

type State = 'checking' | 'on' | 'off' | 'busy' | 'unsupported';

const isApple = () => typeof navigator !== 'undefined' && /iPhone|iPad|iPod/.test(navigator.userAgent);

/**
 * 'Bu cihaza bildirim gönder' in the bell (docs/behaviour.md#notifications 'Staff push'): new bookings, cancellations
 * and expiring holds reach this device while the panel is closed. Permission is asked only on the click.
 */
export function StaffPushSwitch() {
  const [state, setState] = useState<State>(() => (pushSupported() ? 'checking' : 'unsupported'));
  const [problem, setProblem] = useState<string | null>(null);
  const hintId = useId();

  useEffect(() => {
    if (!pushSupported()) return;
    let live = true;
    staffPushState()
      .then((on) => live && setState(on ? 'on' : 'off'))
      .catch(() => live && setState('off'));
    return () => {
      live = false;
    };
  }, []);

  async function change(on: boolean) {
    setState('busy');
    setProblem(null);
    try {
      if (on) await turnStaffPushOn();
      else await turnStaffPushOff();
      setState(on ? 'on' : 'off');
    } catch (e) {
      setProblem(e instanceof PushPermissionError ? t.denied : e instanceof ApiRequestError ? messageOf(e) : t.failed);
      setState(on ? 'off' : 'on');
    }
  }

  const unsupported = state === 'unsupported';
  const note = unsupported ? (isApple() ? `${t.unsupported}. ${t.installHint}` : t.unsupported) : t.hint;
  return (
    <div data-staff-push={state} className="space-y-1">
      <Switch
        isSelected={state === 'on'}
        isDisabled={unsupported || state === 'checking' || state === 'busy'}
        onChange={(on) => void change(on)}
        aria-describedby={hintId}
      >
        {t.toggle}
      </Switch>
      <p id={hintId} className="text-xs break-words text-slate-600 dark:text-slate-300">
        {note}
      </p>
      <p role="status" className="text-xs break-words text-red-700 empty:hidden dark:text-red-300">
        {problem}
      </p>
    </div>
  );
}
