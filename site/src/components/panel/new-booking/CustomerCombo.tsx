// A name or phone box that offers the stored customers as staff type (GET /api/bookings/customers/suggest): picking one
// fills both the name and the phone. A combobox (arrow keys move through the offers, Enter picks, Escape closes); what
// is typed stays when nothing is picked.
import { useEffect, useId, useState } from 'react';
import { ComboBox, FieldError, Input, Label, ListBox, ListBoxItem, Popover, Text } from 'react-aria-components';
import { WARNING_LABELS } from '../../../../../contracts/customer-risk';
import { formatPhone } from '../../../../../contracts/phone';
import type { CustomerSuggestion } from '../../../../../contracts/staff-booking';
import { client, unwrap } from '../../../lib/api';
import { fieldDescription, fieldError, fieldLabel, input } from '../../ui/field';

const DEBOUNCE_MS = 250;

/** The stored customers for `q` (2+ characters); none when the look-up fails (the box still takes what is typed). */
async function suggestions(q: string, signal: AbortSignal): Promise<CustomerSuggestion[]> {
  if (q.trim().length < 2) return [];
  try {
    return (await unwrap(
      client.api.bookings.customers.suggest.$get({ query: { q } }, { init: { signal } }),
    )) as CustomerSuggestion[];
  } catch {
    return [];
  }
}

export interface CustomerComboProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  onPick: (customer: CustomerSuggestion) => void;
  errorMessage?: string;
  description?: string;
  type?: 'text' | 'tel';
  placeholder?: string;
  autoFocus?: boolean;
  name: string;
}

export function CustomerCombo(props: CustomerComboProps) {
  const [items, setItems] = useState<CustomerSuggestion[]>([]);
  const [typed, setTyped] = useState(false);
  const descriptionId = useId();
  const { value } = props;

  useEffect(() => {
    if (!typed) return;
    const ctl = new AbortController();
    const t = setTimeout(() => void suggestions(value, ctl.signal).then(setItems), DEBOUNCE_MS);
    return () => {
      clearTimeout(t);
      ctl.abort();
    };
  }, [value, typed]);

  return (
    <ComboBox
      allowsCustomValue
      menuTrigger="input"
      inputValue={value}
      onInputChange={(v) => {
        setTyped(true);
        props.onChange(v);
      }}
      items={items}
      selectedKey={null}
      onSelectionChange={(key) => {
        const picked = items.find((c) => c.id === key);
        if (picked) {
          setTyped(false);
          setItems([]);
          props.onPick(picked);
        }
      }}
      isInvalid={Boolean(props.errorMessage)}
      isRequired
      name={props.name}
      className="block min-w-0"
      data-customer-combo={props.name}
    >
      <Label className={fieldLabel}>{props.label}</Label>
      <Input
        type={props.type ?? 'text'}
        inputMode={props.type === 'tel' ? 'tel' : undefined}
        placeholder={props.placeholder}
        autoFocus={props.autoFocus}
        autoComplete="off"
        className={`${input} dark:[color-scheme:dark]`}
      />
      {props.description && (
        <Text slot="description" id={descriptionId} className={fieldDescription}>
          {props.description}
        </Text>
      )}
      <FieldError className={fieldError}>{props.errorMessage}</FieldError>
      <Popover
        placement="bottom start"
        className="w-(--trigger-width) max-w-[calc(100vw-2rem)] overflow-auto rounded-xl border border-slate-200 bg-white text-slate-900 shadow-lg outline-none dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100"
      >
        <ListBox className="max-h-72 outline-none" aria-label="Kayıtlı müşteriler">
          {(c: CustomerSuggestion) => (
            <ListBoxItem
              id={c.id}
              textValue={`${c.name} ${c.phone}`}
              className="cursor-pointer px-3 py-2 text-sm outline-none data-focused:bg-turf-50 data-focused:text-turf-950 dark:data-focused:bg-turf-950 dark:data-focused:text-turf-50"
            >
              <span className="block font-medium">{c.name}</span>
              <span className="block text-xs text-slate-700 tabular-nums dark:text-slate-300">
                {formatPhone(c.phone)}
                {c.isSubscriber ? ' · Abone' : ''}
                {c.warningLevel !== 'normal' && c.warningLevel !== 'none' ? ` · ${WARNING_LABELS[c.warningLevel]}` : ''}
              </span>
            </ListBoxItem>
          )}
        </ListBox>
      </Popover>
    </ComboBox>
  );
}
