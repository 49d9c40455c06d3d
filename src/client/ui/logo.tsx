import { MEDIA_SIZES } from '#shared/site-media';
import type { MediaImage } from '#shared/shapes/media';

/** The brand mark: a stylised node graph in a rounded square, followed by the name. */
export function LogoMark({ className = 'h-9 w-9' }: { className?: string }) {
  return (
    <svg viewBox="0 0 40 40" className={className} aria-hidden="true" focusable="false">
      <rect width="40" height="40" rx="10" className="fill-brand-700 dark:fill-brand-500" />
      <g stroke="white" strokeWidth="2.2" strokeLinecap="round" fill="none">
        <path d="M12 27 20 12l8 15M15.5 21h9" />
      </g>
      <circle cx="12" cy="27" r="3" fill="white" />
      <circle cx="20" cy="12" r="3" fill="white" />
      <circle cx="28" cy="27" r="3" fill="white" />
    </svg>
  );
}

/** The name's second line: what follows the short name ('Acme AI' + 'Engineering'). */
function nameRestOf(name: string, shortName: string): string {
  return name.startsWith(shortName) ? name.slice(shortName.length).trim() : '';
}

/**
 * The one brand of the site and the admin area: the mark and the saved name (the public pages
 * pass their content's, the router app its `useSiteBrand()`, which carries the logo too). A
 * name longer than the room it is given (a phone's header beside the menu button) wraps to a
 * second line, then is cut short with "…", rather than widening the page; the link around it
 * carries the whole name for assistive tech, and the title shows it on hover. An uploaded
 * logo takes the mark's place (docs/admin-guide.md).
 */
export function Logo({
  name,
  shortName,
  image,
}: {
  name: string;
  shortName: string;
  /** The uploaded logo (shared/site-media.ts), in place of the mark; shown 36 px high. */
  image?: MediaImage | undefined;
}) {
  const nameRest = nameRestOf(name, shortName);
  return (
    <span className="flex min-w-0 items-center gap-2.5" title={name}>
      {image ? (
        <img
          src={image.src}
          alt=""
          // Its box is known before it loads: nothing moves when it arrives.
          width={Math.round((image.width * MEDIA_SIZES.logoHeight) / image.height)}
          height={MEDIA_SIZES.logoHeight}
          className="h-9 w-auto max-w-40 shrink-0 object-contain"
          decoding="async"
        />
      ) : (
        <LogoMark className="h-9 w-9 shrink-0" />
      )}
      <span className="min-w-0 text-lg leading-tight font-bold text-ink">
        <span className="line-clamp-2 [overflow-wrap:anywhere]">{shortName}</span>
        {nameRest ? (
          <span className="block truncate text-xs font-medium tracking-wide text-muted">
            {nameRest}
          </span>
        ) : null}
      </span>
    </span>
  );
}
