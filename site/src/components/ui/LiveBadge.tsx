type LiveState = 'off' | 'connecting' | 'open' | 'down';

const dot = { open: 'bg-turf-600', down: 'bg-amber-500', connecting: 'bg-slate-400' };

export interface LiveBadgeProps {
  state: LiveState;
  /** What each connection state says here (the public calendar says more than the panel). */
  texts: Record<Exclude<LiveState, 'off'>, string>;
  size?: 'xs' | 'sm';
}

/** Whether a calendar follows changes live: a coloured dot and words; nothing while live updates are off. */
export function LiveBadge({ state, texts, size = 'sm' }: LiveBadgeProps) {
  if (state === 'off') return null;
  return (
    <p
      className={`flex items-center gap-2 ${size === 'xs' ? 'text-xs' : 'text-sm'} font-medium text-slate-700 dark:text-slate-300`}
      data-live={state}
    >
      <span aria-hidden="true" className={`h-2 w-2 rounded-full ${dot[state]}`} />
      {texts[state]}
    </p>
  );
}
