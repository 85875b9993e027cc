import { createContext, type KeyboardEvent, type ReactNode, useContext, useId } from 'react';
import { focusRing } from '../focus';

// ui/Tabs (segmented look) as plain WAI-ARIA tabs, for the public islands (see light/Button.tsx): one tab in the tab
// order, Left/Right/Home/End move and select (automatic activation, as react-aria's default), each panel labelled by
// its tab.
interface TabsState {
  base: string;
  selected: string;
  select: (key: string) => void;
}
const State = createContext<TabsState>({ base: '', selected: '', select: () => {} });

export function Tabs({
  selectedKey,
  onSelectionChange,
  children,
}: {
  selectedKey: string;
  onSelectionChange: (key: string) => void;
  children: ReactNode;
}) {
  const base = useId();
  return <State.Provider value={{ base, selected: selectedKey, select: onSelectionChange }}>{children}</State.Provider>;
}

export function TabList({ children, ...props }: { children: ReactNode; 'aria-label': string }) {
  const { base, select } = useContext(State);
  function onKeyDown(e: KeyboardEvent<HTMLDivElement>) {
    const tabs = [...e.currentTarget.querySelectorAll<HTMLButtonElement>('[role=tab]')];
    const at = tabs.indexOf(e.target as HTMLButtonElement);
    const to =
      e.key === 'ArrowRight'
        ? (at + 1) % tabs.length
        : e.key === 'ArrowLeft'
          ? (at - 1 + tabs.length) % tabs.length
          : e.key === 'Home'
            ? 0
            : e.key === 'End'
              ? tabs.length - 1
              : -1;
    if (at < 0 || to < 0) return;
    e.preventDefault();
    tabs[to].focus();
    select(tabs[to].id.slice(base.length + 5));
  }
  return (
    <div
      role="tablist"
      {...props}
      onKeyDown={onKeyDown}
      className="inline-flex rounded-xl bg-slate-100 p-1 dark:bg-slate-800"
    >
      {children}
    </div>
  );
}

export function Tab({ id, children }: { id: string; children: ReactNode }) {
  const { base, selected, select } = useContext(State);
  const isSelected = selected === id;
  return (
    <button
      type="button"
      role="tab"
      id={`${base}-tab-${id}`}
      aria-selected={isSelected}
      aria-controls={`${base}-panel-${id}`}
      tabIndex={isSelected ? 0 : -1}
      onClick={() => select(id)}
      className={`cursor-pointer rounded-lg px-4 py-2 text-sm font-semibold transition ${focusRing} ${
        isSelected
          ? 'bg-white text-turf-800 shadow dark:bg-slate-950 dark:text-turf-300'
          : 'text-slate-700 dark:text-slate-300'
      }`}
    >
      {children}
    </button>
  );
}

export function TabPanel({ id, className = '', children }: { id: string; className?: string; children: ReactNode }) {
  const { base, selected } = useContext(State);
  if (selected !== id) return null;
  return (
    <div
      role="tabpanel"
      id={`${base}-panel-${id}`}
      aria-labelledby={`${base}-tab-${id}`}
      className={`outline-none ${className}`}
    >
      {children}
    </div>
  );
}
