// The one keyboard focus ring of the islands (plain strings, not tv(): the booking flow keeps tailwind-variants out of
// its bundle, see booking/Action.tsx). Pages without an island keep the global :focus-visible outline of styles.css.

/**
 * On the focused element itself: native elements by :focus-visible, react-aria ones also by data-focus-visible (a Radio
 * is a label around a hidden input, so only react-aria knows it has keyboard focus).
 */
export const focusRing =
  'outline-none focus-visible:ring-4 focus-visible:ring-turf-600/40 data-focus-visible:ring-4 data-focus-visible:ring-turf-600/40';

/** The same ring drawn on a part of a react-aria control marked `group` (a Switch's track, a Checkbox's box). */
export const groupFocusRing = 'group-data-focus-visible:ring-4 group-data-focus-visible:ring-turf-600/40';

/** The same ring on the label that stands in for a visually hidden `peer` input (a radio drawn as a chip). */
export const peerFocusRing = 'peer-focus-visible:ring-4 peer-focus-visible:ring-turf-600/40';

/** The same ring on a label around a native input (`has-focus-visible`). */
export const hasFocusRing = 'has-focus-visible:ring-4 has-focus-visible:ring-turf-600/40';

/** On a photo: white, as the ring must stand out against any picture and the dark overlay. */
export const photoFocusRing = 'outline-none focus-visible:ring-4 focus-visible:ring-white';
