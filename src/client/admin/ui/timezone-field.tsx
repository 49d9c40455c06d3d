import {
  Button as AriaButton,
  ComboBox,
  FieldError,
  Input,
  Label,
  ListBox,
  ListBoxItem,
  Popover,
  Text,
} from 'react-aria-components';
import { fieldInput } from './controls';

/** Every zone the browser knows, by its IANA name, as the server checks them. */
const ZONES = Intl.supportedValuesOf('timeZone').map((zone) => ({ id: zone, name: zone }));
const KNOWN = new Set(ZONES.map((zone) => zone.id));

/**
 * A time zone: typed or picked from the browser's list, filtered as it is typed. What is typed
 * stays as typed (a zone the server does not know comes back as its 400 at this field, with
 * the text still there to correct). The booking settings and the site's own zone use it.
 */
export function TimezoneField({
  value,
  onChange,
  error,
  description,
  isDisabled,
}: {
  value: string;
  onChange: (value: string) => void;
  error: string | undefined;
  /** What the zone is used for, tied to the field. */
  description: string;
  isDisabled?: boolean;
}) {
  return (
    <ComboBox
      defaultItems={ZONES}
      inputValue={value}
      onInputChange={onChange}
      // The list opens on the saved zone, not at its top.
      selectedKey={KNOWN.has(value) ? value : null}
      onSelectionChange={(key) => {
        if (typeof key === 'string') onChange(key);
      }}
      allowsCustomValue
      isDisabled={isDisabled}
      menuTrigger="input"
      isInvalid={Boolean(error)}
      validationBehavior="aria"
      className="flex flex-col gap-1"
    >
      <Label className="text-sm font-medium text-ink">Time zone</Label>
      <div className="flex gap-2">
        <Input className={fieldInput} />
        <AriaButton
          aria-label="Show the time zones"
          className="min-h-11 min-w-11 shrink-0 rounded-md border border-line-strong bg-raised px-3 text-ink outline-none focus-visible:ring-2 focus-visible:ring-brand-600 dark:focus-visible:ring-brand-400 sm:min-h-0"
        >
          <span aria-hidden="true">▾</span>
        </AriaButton>
      </div>
      <Text slot="description" className="text-xs text-muted">
        {description}
      </Text>
      <FieldError className="text-sm text-red-700 dark:text-red-300">{error}</FieldError>
      <Popover className="max-h-72 w-(--trigger-width) overflow-auto rounded-md border border-line bg-raised shadow-lg">
        <ListBox className="outline-none">
          {(zone: { id: string; name: string }) => (
            <ListBoxItem
              id={zone.id}
              textValue={zone.name}
              className="cursor-pointer px-3 py-3 text-ink sm:py-2 outline-none data-focused:bg-brand-700 data-focused:text-white"
            >
              {zone.name}
            </ListBoxItem>
          )}
        </ListBox>
      </Popover>
    </ComboBox>
  );
}
