import { createContext, useContext } from 'react';
import {
  composeRenderProps,
  Tab as RACTab,
  TabList as RACTabList,
  type TabListProps as RACTabListProps,
  TabPanel as RACTabPanel,
  type TabProps as RACTabProps,
  type TabPanelProps,
} from 'react-aria-components';
import { tv } from 'tailwind-variants';
import { withBase } from './compose';
import { focusRing } from './focus';

export { type Key, Tabs, type TabsProps } from 'react-aria-components';

type TabsVariant = 'segmented' | 'pills' | 'days';
const Variant = createContext<TabsVariant>('segmented');

const tabList = tv({
  base: 'rounded-xl p-1',
  variants: {
    variant: {
      segmented: 'inline-flex bg-slate-100 dark:bg-slate-800',
      pills: 'flex gap-1 overflow-x-auto border border-slate-200 bg-white dark:border-slate-700 dark:bg-slate-900',
      // Seven equal columns that always fit (Pazar was half off screen at 360 px), never a scroller.
      days: 'grid grid-cols-7 gap-0.5 border border-slate-200 bg-slate-50 sm:gap-1 dark:border-slate-700 dark:bg-slate-800',
    },
  },
});

const tab = tv({
  base: `cursor-pointer rounded-lg text-sm transition ${focusRing}`,
  variants: {
    variant: {
      segmented:
        'px-4 py-2 font-semibold text-slate-700 data-selected:bg-white data-selected:text-turf-800 data-selected:shadow ' +
        'dark:text-slate-300 dark:data-selected:bg-slate-950 dark:data-selected:text-turf-300',
      pills:
        'group flex items-center gap-2 px-3 py-2 font-semibold whitespace-nowrap text-slate-700 hover:bg-slate-100 ' +
        'dark:text-slate-300 dark:hover:bg-slate-800 data-selected:bg-turf-700 data-selected:text-white ' +
        'dark:data-selected:bg-turf-700 dark:data-selected:text-white',
      days: 'flex min-w-0 flex-col items-center px-0.5 py-1.5 sm:px-2',
    },
    isSelected: { true: '', false: '' },
  },
  compoundVariants: [
    { variant: 'days', isSelected: true, className: 'bg-turf-700 font-semibold text-white' },
    {
      variant: 'days',
      isSelected: false,
      className: 'text-slate-800 hover:bg-white dark:text-slate-200 dark:hover:bg-slate-700',
    },
  ],
});

export interface TabListProps<T extends object> extends RACTabListProps<T> {
  /** segmented: a switch between two or three modes; pills: status tabs with counts; days: a week strip. */
  variant?: TabsVariant;
}

export function TabList<T extends object>({ variant = 'segmented', ...props }: TabListProps<T>) {
  return (
    <Variant.Provider value={variant}>
      <RACTabList
        {...props}
        className={composeRenderProps(props.className, (className) => tabList({ variant, className }))}
      />
    </Variant.Provider>
  );
}

export function Tab(props: RACTabProps) {
  const variant = useContext(Variant);
  return (
    <RACTab
      {...props}
      className={composeRenderProps(props.className, (className, { isSelected }) =>
        tab({ variant, isSelected, className }),
      )}
    />
  );
}

export function TabPanel(props: TabPanelProps) {
  return <RACTabPanel {...props} className={composeRenderProps(props.className, withBase('outline-none'))} />;
}
