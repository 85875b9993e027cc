import { useLayoutEffect, useReducer, useRef } from 'react';
import { FieldError } from 'react-aria-components/FieldError';
import { Input } from 'react-aria-components/Input';
import { Label } from 'react-aria-components/Label';
import { Text } from 'react-aria-components/Text';
import { TextField } from 'react-aria-components/TextField';
import { caretAfterDigits, formatPhoneTyping } from '../../stores/booking';

const input =
  'mt-1 block w-full rounded-lg border border-slate-400 bg-white px-3 py-2 text-slate-900 tabular-nums placeholder:text-slate-500 outline-none focus:border-turf-700 focus:ring-2 focus:ring-turf-600/40 invalid:border-red-700 data-invalid:border-red-700 dark:data-invalid:border-red-400 dark:border-slate-500 dark:bg-slate-900 dark:text-slate-100 dark:placeholder:text-slate-400';

/** Phone input formatted while typing as 0XXX XXX XX XX (+90, 90 and 0090 become the 0); the caret stays after the same digit. */
export function PhoneField({ value, onChange, errorMessage }: { value: string; onChange: (v: string) => void; errorMessage?: string }) {
  const ref = useRef<HTMLInputElement>(null);
  const caret = useRef<number | null>(null);
  // A deleted space formats back to the same value: re-render anyway so the caret is placed again.
  const [, rerender] = useReducer((n: number) => n + 1, 0);

  useLayoutEffect(() => {
    const el = ref.current;
    if (el && caret.current !== null && document.activeElement === el) el.setSelectionRange(caret.current, caret.current);
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
      isInvalid={Boolean(errorMessage)}
      validationBehavior="aria"
      type="tel"
      inputMode="tel"
      autoComplete="tel"
      name="customerPhone"
      className="block"
    >
      <Label className="text-sm font-medium text-slate-800 dark:text-slate-200">
        Telefon<span aria-hidden="true" className="text-red-700 dark:text-red-400"> *</span>
      </Label>
      <Input ref={ref} placeholder="05XX XXX XX XX" maxLength={24} className={input} />
      {/* KVKK (issue 7 §5): why the number is kept, next to the field, with the notice one click away. */}
      <Text slot="description" className="mt-1 block text-xs text-slate-600 dark:text-slate-300" data-kvkk-note>
        Telefon numaranız rezervasyonunuzu yönetmek için işlenir —{' '}
        <a href="/aydinlatma-metni" className="font-semibold text-turf-800 underline dark:text-turf-300">
          Aydınlatma Metni
        </a>
      </Text>
      <FieldError className="mt-1 block text-sm font-medium text-red-700 dark:text-red-400">{errorMessage}</FieldError>
    </TextField>
  );
}
