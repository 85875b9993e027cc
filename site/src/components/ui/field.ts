// The text box look shared by TextField, SearchField, PhoneField and the few native inputs (plain strings: see focus.ts).

/** A text box shows focus by its border and a thin ring, from the first click (not only from the keyboard). */
export const inputFocus = 'outline-none focus:border-turf-700 focus:ring-2 focus:ring-turf-600/40';

/** The border, fill and text of every text box, both themes; invalid marks the border red. */
export const inputBox =
  'rounded-lg border border-slate-400 bg-white text-slate-900 placeholder:text-slate-500 aria-invalid:border-red-700 ' +
  'dark:border-slate-500 dark:bg-slate-900 dark:text-slate-100 dark:placeholder:text-slate-400 dark:aria-invalid:border-red-400 ' +
  inputFocus;

/** A full-width text box under its label. */
export const input = `mt-1 block w-full px-3 py-2 ${inputBox}`;

/** The label above a field. */
export const fieldLabel = 'text-sm font-medium text-slate-800 dark:text-slate-200';

/** The hint under a field. */
export const fieldDescription = 'mt-1 block text-xs text-slate-600 dark:text-slate-300';

/** The error under a field. */
export const fieldError = 'mt-1 block text-sm font-medium text-red-700 dark:text-red-400';
