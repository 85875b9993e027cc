import type { SVGProps } from 'react';

// Inline icons (no icon package): decorative, so hidden from assistive technology; the text beside them carries the meaning.
const base = { viewBox: '0 0 24 24', fill: 'none', stroke: 'currentColor', strokeWidth: 2, strokeLinecap: 'round', strokeLinejoin: 'round', 'aria-hidden': true } as const;
type P = SVGProps<SVGSVGElement>;

export const CrownIcon = (p: P) => (
  <svg {...base} {...p}><path d="M3 7l4.5 4L12 4l4.5 7L21 7l-2 12H5L3 7z" fill="currentColor" fillOpacity=".25" /></svg>
);
export const CheckIcon = (p: P) => <svg {...base} {...p}><path d="M5 12.5l4.5 4.5L19 7.5" /></svg>;
export const CopyIcon = (p: P) => (
  <svg {...base} {...p}><rect x="9" y="9" width="11" height="11" rx="2" /><path d="M5 15V5a2 2 0 0 1 2-2h10" /></svg>
);
export const MapPinIcon = (p: P) => (
  <svg {...base} {...p}><path d="M12 21s-7-6.2-7-11.5a7 7 0 0 1 14 0C19 14.8 12 21 12 21z" /><circle cx="12" cy="9.5" r="2.5" /></svg>
);
export const ChevronLeftIcon = (p: P) => <svg {...base} {...p}><path d="M15 18l-6-6 6-6" /></svg>;
export const ChevronRightIcon = (p: P) => <svg {...base} {...p}><path d="M9 18l6-6-6-6" /></svg>;
export const ClockIcon = (p: P) => <svg {...base} {...p}><circle cx="12" cy="12" r="9" /><path d="M12 7v5l3 2" /></svg>;
export const LockIcon = (p: P) => <svg {...base} {...p}><rect x="5" y="11" width="14" height="10" rx="2" /><path d="M8 11V7a4 4 0 0 1 8 0v4" /></svg>;
export const SparkIcon = (p: P) => <svg {...base} {...p}><path d="M12 3v4M12 17v4M3 12h4M17 12h4M6 6l2.5 2.5M15.5 15.5L18 18M6 18l2.5-2.5M15.5 8.5L18 6" /></svg>;
export const BusIcon = (p: P) => (
  <svg {...base} {...p}><rect x="4" y="3" width="16" height="14" rx="2" /><path d="M4 10h16M8 17v3M16 17v3" /><circle cx="8" cy="13.5" r=".5" /><circle cx="16" cy="13.5" r=".5" /></svg>
);
export const AlertIcon = (p: P) => <svg {...base} {...p}><path d="M12 3l10 18H2L12 3z" /><path d="M12 10v4M12 17.5v.5" /></svg>;
