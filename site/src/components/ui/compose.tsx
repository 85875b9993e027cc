import type { ReactNode } from 'react';

// Helpers for composeRenderProps (react-aria's className and children may be functions of the component's state).

/** Our classes first, then the caller's. */
export const withBase = (base: string) => (className: string | undefined) =>
  className ? `${base} ${className}` : base;

/** A decorative part (a box, a track) before the caller's children. */
export const withIndicator = (indicator: ReactNode) => (children: ReactNode) => (
  <>
    {indicator}
    {children}
  </>
);
