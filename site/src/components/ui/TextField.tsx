import type { ReactNode, Ref } from 'react';
import { FieldError } from 'react-aria-components/FieldError';
import { Input } from 'react-aria-components/Input';
import { Label } from 'react-aria-components/Label';
import { Text } from 'react-aria-components/Text';
import { TextArea } from 'react-aria-components/TextArea';
import { TextField as RACTextField, type TextFieldProps as RACTextFieldProps } from 'react-aria-components/TextField';
import { fieldDescription, fieldError, fieldLabel, input, inputBox } from './field';

export interface TextFieldProps extends RACTextFieldProps {
  label: string;
  description?: ReactNode;
  /** data-* attributes for the description (pages and tests find it by them). */
  descriptionData?: { [key: `data-${string}`]: string | boolean };
  errorMessage?: string | null;
  placeholder?: string;
  multiline?: boolean;
  inputRef?: Ref<HTMLInputElement>;
  /** Extra classes for the input (e.g. 'tabular-nums'). */
  inputClassName?: string;
  /** A button inside the box at its end (e.g. show the password). */
  suffix?: ReactNode;
}

// Plain strings and per-component imports: the booking flow's phone field is this one (see booking/Action.tsx).
/** Label, input, description and error wired together by react-aria; the error comes from our own Turkish rules. */
export function TextField({
  label,
  description,
  descriptionData,
  errorMessage,
  placeholder,
  multiline,
  inputRef,
  inputClassName = '',
  suffix,
  ...props
}: TextFieldProps) {
  return (
    <RACTextField {...props} isInvalid={Boolean(errorMessage) || props.isInvalid} className="block">
      <Label className={fieldLabel}>
        {label}
        {props.isRequired && (
          <span aria-hidden="true" className="text-red-700 dark:text-red-400">
            {' '}
            *
          </span>
        )}
      </Label>
      {multiline ? (
        <TextArea placeholder={placeholder} rows={3} className={`${input} ${inputClassName}`} />
      ) : suffix ? (
        <div className="relative mt-1">
          <Input
            ref={inputRef}
            placeholder={placeholder}
            className={`block w-full py-2 pr-12 pl-3 ${inputBox} ${inputClassName}`}
          />
          {suffix}
        </div>
      ) : (
        <Input ref={inputRef} placeholder={placeholder} className={`${input} ${inputClassName}`} />
      )}
      {description && (
        <Text slot="description" className={fieldDescription} {...descriptionData}>
          {description}
        </Text>
      )}
      <FieldError className={fieldError}>{errorMessage}</FieldError>
    </RACTextField>
  );
}
