import type { ReactNode } from 'react';
import {
  Button as AriaButton,
  FieldError,
  Label,
  ListBox,
  ListBoxItem,
  Popover,
  Select,
  SelectValue,
  Text,
} from 'react-aria-components';
import { fieldInput } from './controls';

export interface SelectChoice<K extends string> {
  id: K;
  label: string;
}

interface SelectFieldProps<K extends string> {
  label: string;
  choices: readonly SelectChoice<K>[];
  value: K;
  onChange: (value: K) => void;
  error?: string | undefined;
  /** Tied to the field (aria-describedby), as TextInputField's. */
  description?: ReactNode;
}

/**
 * One of a few fixed choices, as a labelled button opening its list (react-aria's Select): its
 * name reads the choice and the label, and its description and error are announced with it,
 * as a text field's are. The list is as wide as the button, so it fits a phone's width.
 */
export function SelectField<K extends string>({
  label,
  choices,
  value,
  onChange,
  error,
  description,
}: SelectFieldProps<K>) {
  return (
    <Select
      value={value}
      onChange={(key) => {
        const chosen = choices.find((choice) => choice.id === key);
        if (chosen) onChange(chosen.id);
      }}
      isInvalid={Boolean(error)}
      validationBehavior="aria"
      className="group flex flex-col gap-1"
    >
      <Label className="text-sm font-medium text-ink">{label}</Label>
      <AriaButton
        className={`${fieldInput} flex cursor-pointer items-center justify-between gap-2 text-left group-data-invalid:border-red-700`}
      >
        <SelectValue className="truncate" />
        <span aria-hidden="true">▾</span>
      </AriaButton>
      {description ? (
        <Text slot="description" className="text-xs text-muted">
          {description}
        </Text>
      ) : null}
      <FieldError className="text-sm text-red-700 dark:text-red-300">{error}</FieldError>
      <Popover className="max-h-72 w-(--trigger-width) overflow-auto rounded-md border border-line bg-raised shadow-lg">
        <ListBox items={choices} className="outline-none">
          {(choice) => (
            <ListBoxItem
              id={choice.id}
              textValue={choice.label}
              className="cursor-pointer px-3 py-3 text-ink outline-none data-focused:bg-brand-700 data-focused:text-white sm:py-2"
            >
              {choice.label}
            </ListBoxItem>
          )}
        </ListBox>
      </Popover>
    </Select>
  );
}
