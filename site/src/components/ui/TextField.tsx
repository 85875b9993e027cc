import { FieldError, Input, Label, Text, TextArea, TextField as RACTextField, type TextFieldProps as RACTextFieldProps } from 'react-aria-components';

export interface TextFieldProps extends RACTextFieldProps {
  label: string;
  description?: string;
  errorMessage?: string | null;
  placeholder?: string;
  multiline?: boolean;
}

const input =
  'mt-1 block w-full rounded-lg border border-slate-400 bg-white px-3 py-2 text-slate-900 placeholder:text-slate-500 outline-none focus:border-turf-700 focus:ring-2 focus:ring-turf-600/40 aria-invalid:border-red-700 dark:border-slate-500 dark:aria-invalid:border-red-400 dark:bg-slate-900 dark:text-slate-100 dark:placeholder:text-slate-400';

/** Label, input, description and error wired together by react-aria; the error comes from our own Turkish rules. */
export function TextField({ label, description, errorMessage, placeholder, multiline, ...props }: TextFieldProps) {
  return (
    <RACTextField {...props} isInvalid={Boolean(errorMessage) || props.isInvalid} className="block">
      <Label className="text-sm font-medium text-slate-800 dark:text-slate-200">{label}{props.isRequired && <span aria-hidden="true" className="text-red-700 dark:text-red-400"> *</span>}</Label>
      {multiline ? <TextArea placeholder={placeholder} rows={3} className={input} /> : <Input placeholder={placeholder} className={input} />}
      {description && <Text slot="description" className="mt-1 block text-xs text-slate-600 dark:text-slate-300">{description}</Text>}
      <FieldError className="mt-1 block text-sm font-medium text-red-700 dark:text-red-400">{errorMessage}</FieldError>
    </RACTextField>
  );
}
