import {
  composeRenderProps,
  type MenuItemProps,
  type MenuProps,
  Menu as RACMenu,
  MenuItem as RACMenuItem,
} from 'react-aria-components';
import { withBase } from './compose';
import { Popover } from './Popover';

export { MenuTrigger } from 'react-aria-components';

const item = 'flex cursor-pointer items-center gap-2 rounded-lg px-3 py-2 text-sm font-medium outline-none';
const tones = {
  normal: 'text-slate-800 data-focused:bg-slate-100 dark:text-slate-100 dark:data-focused:bg-slate-800',
  danger: 'text-red-800 data-focused:bg-red-50 dark:text-red-300 dark:data-focused:bg-red-950',
};

/** A list of actions in a popover beside its trigger (arrow keys move, Enter picks, Escape closes). */
export function Menu<T extends object>(props: MenuProps<T>) {
  return (
    <Popover placement="bottom end" className="min-w-44 p-1 shadow-lg">
      <RACMenu {...props} className={composeRenderProps(props.className, withBase('outline-none'))} />
    </Popover>
  );
}

export function MenuItem({ tone, ...props }: MenuItemProps & { tone?: keyof typeof tones }) {
  return (
    <RACMenuItem
      {...props}
      className={composeRenderProps(props.className, withBase(`${item} ${tones[tone ?? 'normal']}`))}
    />
  );
}
