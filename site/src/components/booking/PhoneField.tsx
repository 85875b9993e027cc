import { useLayoutEffect, useReducer, useRef } from 'react';
import { caretAfterDigits, formatPhoneTyping } from '../../stores/booking';
import { TextField } from '../ui/TextField';

/** Phone input formatted while typing as 0XXX XXX XX XX (+90, 90 and 0090 become the 0); the caret stays after the same digit. */
export function PhoneField({
  value,
  onChange,
  errorMessage,
}: {
  value: string;
  onChange: (v: string) => void;
  errorMessage?: string;
}) {
  const ref = useRef<HTMLInputElement>(null);
  const caret = useRef<number | null>(null);
  // A deleted space formats back to the same value: re-render anyway so the caret is placed again.
  const [, rerender] = useReducer((n: number) => n + 1, 0);

  useLayoutEffect(() => {
    const el = ref.current;
    if (el && caret.current !== null && document.activeElement === el)
      el.setSelectionRange(caret.current, caret.current);
    caret.current = null;
  });

  return (
    <TextField
      value={value}
      onChange={(raw) => {
        const formatted = formatPhoneTyping(raw);
        caret.current = caretAfterDigits(raw, ref.current?.selectionStart ?? raw.length, formatted);
        onChange(formatted);
        rerender();
      }}
      isRequired
      validationBehavior="aria"
      type="tel"
      inputMode="tel"
      autoComplete="tel"
      name="customerPhone"
      label="Telefon"
      placeholder="05XX XXX XX XX"
      // No maxLength: the browser would cut a pasted number silently; a digit too many is refused with the phone message.
      inputRef={ref}
      inputClassName="tabular-nums"
      errorMessage={errorMessage}
      // KVKK: why the number is kept, next to the field, with the notice one click away.
      descriptionData={{ 'data-kvkk-note': true }}
      description={
        <>
          Telefon numaranız rezervasyonunuzu yönetmek için işlenir —{' '}
          <a href="/aydinlatma-metni" className="font-semibold text-turf-800 underline dark:text-turf-300">
            Aydınlatma Metni
          </a>
        </>
      }
    />
  );
}
