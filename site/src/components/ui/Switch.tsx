import { composeRenderProps, Switch as RACSwitch, type SwitchProps } from 'react-aria-components';
import { withBase, withIndicator } from './compose';
import { groupFocusRing } from './focus';

const track =
  `flex h-5 w-9 shrink-0 items-center rounded-full bg-slate-400 p-0.5 transition ${groupFocusRing} ` +
  'group-data-selected:bg-turf-700 dark:bg-slate-600 dark:group-data-selected:bg-turf-600';

const label = 'group flex cursor-pointer items-center gap-3 text-sm text-slate-800 outline-none dark:text-slate-200';
const thumb =
  'h-4 w-4 rounded-full bg-white shadow transition group-data-selected:translate-x-4 motion-reduce:transition-none';

/** An on/off setting: the label after a sliding track. */
export function Switch({ children, ...props }: SwitchProps) {
  const indicator = (
    <span aria-hidden="true" className={track}>
      <span className={thumb} />
    </span>
  );
  return (
    <RACSwitch {...props} className={composeRenderProps(props.className, withBase(label))}>
      {composeRenderProps(children, withIndicator(indicator))}
    </RACSwitch>
  );
}
