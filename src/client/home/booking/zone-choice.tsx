import { useEffect, useMemo, useRef, useState } from 'react';
import { zoneName } from '#shared/meeting-time';
import { buttonClass, focusRing } from '#shared/ui-styles';
import { PICKER_TEXTS as T } from './picker-texts';

/** Every zone the browser knows, with the one in use first when the list lacks it ("UTC"). */
function zonesWith(zone: string): string[] {
  const zones = Intl.supportedValuesOf('timeZone');
  return zones.includes(zone) ? zones : [zone, ...zones];
}

/**
 * The zone the times are shown in, named ("British Summer Time (Europe/London)"), and a list to
 * change it: a visitor planning from another place, or whose browser is set wrong.
 */
export function ZoneChoice({
  zone,
  at,
  onChange,
}: {
  zone: string;
  /** A moment the name is read at: the zone's summer or winter name. */
  at: Date;
  onChange: (zone: string) => void;
}) {
  const [open, setOpen] = useState(false);
  const select = useRef<HTMLSelectElement>(null);
  const zones = useMemo(() => (open ? zonesWith(zone) : []), [open, zone]);

  useEffect(() => {
    if (open) select.current?.focus();
  }, [open]);

  return (
    <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
      <p aria-live="polite" className="text-sm text-muted">
        {T.zoneNote} <span className="font-semibold text-ink">{zoneName(at, zone)}</span> ({zone}).
      </p>
      {open ? (
        <label className="flex w-full flex-col gap-1.5 text-sm font-medium text-ink">
          {T.zoneLabel}
          <select
            ref={select}
            name="timezone"
            value={zone}
            onChange={(event) => onChange(event.target.value)}
            className={`min-h-11 w-full rounded-lg border border-line-strong bg-surface px-3 text-base text-ink ${focusRing}`}
          >
            {zones.map((z) => (
              <option key={z} value={z}>
                {z.replaceAll('_', ' ')}
              </option>
            ))}
          </select>
        </label>
      ) : (
        <button type="button" onClick={() => setOpen(true)} className={buttonClass('ghost', 'sm')}>
          {T.changeZone}
        </button>
      )}
    </div>
  );
}
