import { useId, useState } from 'react';
import { InfoIcon } from '#client/ui/icons';
import { focusRing } from '#shared/ui-styles';

/**
 * "Source" with a tooltip holding the source text (docs/product.md, "Carousel"). It opens on hover and on
 * keyboard focus, stays while the pointer is over it, closes with Escape, and toggles on tap.
 * Screen readers get the source as the button's description either way.
 */
export function SourceTooltip({ source }: { source: string }) {
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const [pinned, setPinned] = useState(false);
  const [dismissed, setDismissed] = useState(false);
  const id = useId();
  const open = (hovered || focused || pinned) && !dismissed;

  return (
    <span
      className="relative inline-flex"
      onMouseEnter={() => {
        setHovered(true);
        setDismissed(false);
      }}
      onMouseLeave={() => {
        setHovered(false);
        setPinned(false);
      }}
    >
      <button
        type="button"
        aria-describedby={id}
        onFocus={() => {
          setFocused(true);
          setDismissed(false);
        }}
        onBlur={() => {
          setFocused(false);
          setPinned(false);
        }}
        onClick={() => {
          setPinned((p) => !p);
          setDismissed(false);
        }}
        onKeyDown={(event) => {
          if (event.key === 'Escape' && open) {
            event.stopPropagation();
            setDismissed(true);
          }
        }}
        // 44 px tall for a finger (docs/product.md, "Buttons"), yet laid out as 28 px: the
        // negative margins keep the card's text area as it was.
        className={`-my-2 inline-flex min-h-11 items-center gap-1.5 rounded-md px-2 text-sm font-medium text-paper-muted underline decoration-dotted underline-offset-4 hover:text-paper-ink ${focusRing}`}
      >
        <InfoIcon width={16} height={16} />
        Source
      </button>
      <span
        id={id}
        role="tooltip"
        hidden={!open}
        className="absolute bottom-full left-0 z-20 mb-2 w-max max-w-[min(20rem,75vw)] rounded-lg bg-slate-900 px-3 py-2 text-left text-sm leading-snug text-white shadow-lg"
      >
        {source}
      </span>
    </span>
  );
}
