import { AlertIcon } from './icons';

/** A form's own refusal (not one field's), announced when it appears; nothing when there is none. */
export function FormError({ message }: { message: string | null | undefined }) {
  if (!message) return null;
  return (
    <p
      role="alert"
      data-form-error
      className="flex items-start gap-2 rounded-lg border border-red-300 bg-red-50 p-3 text-sm font-medium text-red-900 [overflow-wrap:anywhere] dark:border-red-800 dark:bg-red-950 dark:text-red-100"
    >
      <AlertIcon className="mt-0.5 h-4 w-4 shrink-0" />
      {message}
    </p>
  );
}
