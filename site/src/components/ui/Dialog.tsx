import { type DialogProps, Dialog as RACDialog } from 'react-aria-components/Dialog';
import { withBase } from './compose';

export { DialogTrigger, Heading } from 'react-aria-components/Dialog';

/** The dialog inside a Modal or a Popover: labelled, focus kept inside; no outline of its own (its content shows focus). */
export function Dialog(props: DialogProps) {
  return <RACDialog {...props} className={withBase('outline-none')(props.className)} />;
}
