import { composeRenderProps, ToggleButton as RACToggleButton, type ToggleButtonProps } from 'react-aria-components';
import { withBase } from './compose';
import { focusRing } from './focus';

const toggle =
  `inline-flex cursor-pointer items-center gap-2 rounded-lg border px-3 py-2 text-sm font-semibold transition ${focusRing} ` +
  'border-slate-300 bg-white text-slate-800 hover:bg-slate-50 dark:border-slate-600 dark:bg-slate-900 dark:text-slate-100 ' +
  'dark:hover:bg-slate-800 data-selected:border-turf-700 data-selected:bg-turf-50 data-selected:text-turf-900 ' +
  'dark:data-selected:border-turf-400 dark:data-selected:bg-turf-950 dark:data-selected:text-turf-100';

/** A filter that is on or off (aria-pressed), shown filled while on. */
export function ToggleButton(props: ToggleButtonProps) {
  return <RACToggleButton {...props} className={composeRenderProps(props.className, withBase(toggle))} />;
}
