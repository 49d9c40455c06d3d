import { LinkedInIcon, MailIcon, PhoneIcon, ShieldIcon } from '#client/ui/icons';
import { buttonClass, focusRing, touchTarget } from '#shared/ui-styles';
import { aboutButtonText, phoneHref } from '#shared/site-content-basics';
import type { SiteMedia } from '#shared/shapes/media';
import { SectionHeading } from './section-heading';
import { useSiteContent } from './site-content-context';

const NUMBER_WORDS = [
  'zero',
  'one',
  'two',
  'three',
  'four',
  'five',
  'six',
  'seven',
  'eight',
  'nine',
  'ten',
];
const inWords = (n: number) => NUMBER_WORDS[n] ?? String(n);

/** Paragraphs of a text: apart where it has an empty line. */
export function paragraphs(text: string): string[] {
  return text
    .split(/\n\s*\n/)
    .map((part) => part.trim())
    .filter(Boolean);
}

/**
 * The uploaded photo (shared/site-media.ts) in the mark's round place: AVIF or WebP where the
 * browser takes them, JPEG otherwise, each at 1x and 2x. Its size is in the markup, so nothing
 * moves when it loads, and it loads only as the section nears the screen (below the fold).
 */
function FounderPhoto({ photo, alt }: { photo: NonNullable<SiteMedia['photo']>; alt: string }) {
  return (
    <picture>
      <source type="image/avif" srcSet={photo.avif} />
      <source type="image/webp" srcSet={photo.webp} />
      <img
        src={photo.src}
        srcSet={photo.jpeg}
        width={photo.width}
        height={photo.height}
        alt={alt}
        loading="lazy"
        decoding="async"
        className="mx-auto h-28 w-28 rounded-full object-cover"
      />
    </picture>
  );
}

export function AboutSection() {
  const { founder, contact: contactDetails, about, media } = useSiteContent();
  const linkClass = `inline-flex items-center gap-2 rounded text-ink underline-offset-4 hover:underline ${touchTarget} ${focusRing}`;
  return (
    <section id="about" aria-labelledby="about-title" className="bg-subtle py-16 sm:py-24">
      <div className="mx-auto max-w-6xl px-4 sm:px-6">
        <SectionHeading id="about-title" eyebrow="About" title={about.title} />
        <div className="mt-12 grid items-start gap-10 lg:grid-cols-[1fr_1.4fr]">
          <div
            data-reveal
            className="rounded-2xl border border-line bg-surface p-8 text-center shadow-sm"
          >
            {media?.photo ? (
              <FounderPhoto
                photo={media.photo}
                alt={founder.name ? `${founder.name}, ${founder.role}` : founder.role}
              />
            ) : (
              <div
                className="mx-auto flex h-28 w-28 items-center justify-center rounded-full bg-gradient-to-br from-brand-600 to-indigo-900 text-white"
                aria-hidden="true"
              >
                <ShieldIcon width={44} height={44} />
              </div>
            )}
            {/* Named when the owner gives a name (docs/content.md); by role only otherwise. */}
            {founder.name ? (
              <>
                <h3 className="mt-5 text-xl font-semibold text-ink">{founder.name}</h3>
                <p className="mt-1 text-muted">{founder.role}</p>
              </>
            ) : (
              <h3 className="mt-5 text-xl font-semibold text-ink">{founder.role}</h3>
            )}
            <dl className="mt-6 grid grid-cols-2 gap-4 text-center">
              <div className="rounded-xl bg-subtle p-4">
                <dt className="text-sm text-muted">Software engineering</dt>
                <dd className="mt-1 text-2xl font-bold text-ink">{founder.softwareYears} years</dd>
              </div>
              <div className="rounded-xl bg-subtle p-4">
                <dt className="text-sm text-muted">Artificial intelligence</dt>
                <dd className="mt-1 text-2xl font-bold text-ink">{founder.aiYears} years</dd>
              </div>
            </dl>
          </div>
          <div data-reveal data-reveal-index={1} className="flex flex-col gap-5 text-lg text-muted">
            <p>
              {/* One text before the role, as before the name could be given: a fresh site's
                  HTML stays byte for byte the same. */}
              {`Every engagement is led by ${founder.name ? `${founder.name}, ` : ''}our `}
              {founder.role}, who brings {founder.softwareYears} years of software engineering
              experience and the last {inWords(founder.aiYears)} years focused on artificial
              intelligence.
            </p>
            {paragraphs(about.text).map((text, i) => (
              <p key={i}>{text}</p>
            ))}
            <ul className="mt-2 flex flex-col gap-3 text-base">
              <li>
                <a href={`mailto:${contactDetails.email}`} className={linkClass}>
                  <MailIcon width={20} height={20} className="text-brand-700 dark:text-brand-300" />
                  {contactDetails.email}
                </a>
              </li>
              <li>
                <a href={phoneHref(contactDetails.phone)} className={linkClass}>
                  <PhoneIcon
                    width={20}
                    height={20}
                    className="text-brand-700 dark:text-brand-300"
                  />
                  {contactDetails.phone}
                </a>
              </li>
              <li>
                <a
                  href={contactDetails.profileUrl}
                  target="_blank"
                  rel="noopener noreferrer"
                  className={linkClass}
                >
                  <LinkedInIcon
                    width={20}
                    height={20}
                    className="text-brand-700 dark:text-brand-300"
                  />
                  {contactDetails.profileName} profile
                  <span className="sr-only"> (opens in a new tab)</span>
                </a>
              </li>
            </ul>
            <a
              href="#contact"
              data-event="cta_click"
              className={buttonClass('primary', 'lg', 'mt-2 w-fit')}
            >
              {aboutButtonText}
            </a>
          </div>
        </div>
      </div>
    </section>
  );
}
