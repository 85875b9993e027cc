import { composeRenderProps, type PopoverProps, Popover as RACPopover } from 'react-aria-components';
import { withBase } from './compose';

const surface =
  'rounded-xl border border-slate-200 bg-white text-slate-900 outline-none dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100';

/** A floating panel beside its trigger (react-aria places it and closes it on Escape or an outside press). */
export function Popover(props: PopoverProps) {
  return <RACPopover {...props} className={composeRenderProps(props.className, withBase(surface))} />;
}
