import { type CheckboxProps, Checkbox as RACCheckbox } from 'react-aria-components/Checkbox';
import { composeRenderProps } from 'react-aria-components/composeRenderProps';
import { withBase, withIndicator } from './compose';
import { groupFocusRing } from './focus';
import { CheckIcon } from './icons';

const box =
  `flex h-5 w-5 items-center justify-center rounded border-2 border-slate-500 bg-white text-white ${groupFocusRing} ` +
  'group-data-selected:border-turf-700 group-data-selected:bg-turf-700 dark:border-slate-400 dark:bg-slate-900 ' +
  'dark:group-data-selected:border-turf-500 dark:group-data-selected:bg-turf-700';

const label = 'group flex w-fit cursor-pointer items-center gap-2 text-sm text-slate-800 dark:text-slate-200';

/** A box and its label; the tick shows when checked. */
export function Checkbox({ children, ...props }: CheckboxProps) {
  const indicator = (
    <span aria-hidden="true" className={box}>
      <CheckIcon strokeWidth={3} className="hidden h-3.5 w-3.5 group-data-selected:block" />
    </span>
  );
  return (
    <RACCheckbox {...props} className={composeRenderProps(props.className, withBase(label))}>
      {composeRenderProps(children, withIndicator(indicator))}
    </RACCheckbox>
  );
}
