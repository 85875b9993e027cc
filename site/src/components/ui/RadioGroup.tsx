import type { ReactNode } from 'react';
import {
  composeRenderProps,
  Label,
  Radio as RACRadio,
  RadioGroup as RACRadioGroup,
  type RadioGroupProps as RACRadioGroupProps,
  type RadioProps,
} from 'react-aria-components';
import { withBase } from './compose';
import { fieldLabel } from './field';
import { focusRing } from './focus';

export interface RadioGroupProps extends Omit<RACRadioGroupProps, 'children'> {
  label: string;
  children: ReactNode;
}

/** A labelled row of choices (arrow keys move between them), drawn as chips. */
export function RadioGroup({ label, children, ...props }: RadioGroupProps) {
  return (
    <RACRadioGroup
      orientation="horizontal"
      {...props}
      className={composeRenderProps(props.className, withBase('block'))}
    >
      <Label className={fieldLabel}>{label}</Label>
      <div className="mt-1 flex flex-wrap gap-2">{children}</div>
    </RACRadioGroup>
  );
}

const chip =
  `cursor-pointer rounded-full border border-slate-300 bg-white px-3 py-1 text-sm font-medium text-slate-800 transition ${focusRing} ` +
  'hover:bg-slate-50 data-selected:border-turf-700 data-selected:bg-turf-700 data-selected:text-white dark:border-slate-600 ' +
  'dark:bg-slate-900 dark:text-slate-200 dark:hover:bg-slate-800 dark:data-selected:border-turf-600 dark:data-selected:bg-turf-700';

/** One choice of a RadioGroup. */
export function Radio(props: RadioProps) {
  return <RACRadio {...props} className={composeRenderProps(props.className, withBase(chip))} />;
}
