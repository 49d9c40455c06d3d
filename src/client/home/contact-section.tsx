import { createIsland } from '#client/lib/island';
import { LinkedInIcon, MailIcon, MapPinIcon, PhoneIcon } from '#client/ui/icons';
import { focusRing, touchTarget } from '#shared/ui-styles';
import { phoneHref } from '#shared/site-content-basics';
import { useSiteContent } from './site-content-context';
import { BookingOffer } from './booking/booking-offer';

/** The form's island: its element's id, and the name its code load is recorded under. */
export const CONTACT_FORM_ISLAND = 'contact-form';

const ContactFormIsland = createIsland(CONTACT_FORM_ISLAND, () => import('./contact-form'), {
  fallback: <div className="h-[34rem]" />,
});

export function ContactSection() {
  const { contact: contactDetails } = useSiteContent();
  const linkClass = `rounded text-ink underline-offset-4 hover:underline ${touchTarget} ${focusRing}`;
  const iconBox =
    'inline-flex h-11 w-11 shrink-0 items-center justify-center rounded-xl bg-brand-100 text-brand-800 dark:bg-brand-900/60 dark:text-brand-200';
  return (
    <section id="contact" aria-labelledby="contact-title" className="py-16 sm:py-24">
      <div className="mx-auto grid max-w-6xl gap-12 px-4 sm:px-6 lg:grid-cols-[1fr_1.5fr]">
        <div data-reveal>
          <h2 id="contact-title" className="text-3xl font-bold text-ink sm:text-4xl">
            Get in Touch
          </h2>
          <p className="mt-4 text-lg text-muted">
            Book a free, no-obligation consultation. Tell us about your goals and challenges and we
            will suggest practical next steps for AI in your organisation.
          </p>
          <ul className="mt-8 flex flex-col gap-5">
            <li className="flex items-center gap-4">
              <span className={iconBox}>
                <PhoneIcon width={20} height={20} />
              </span>
              <span>
                <span className="block text-sm text-muted">Phone</span>
                <a href={phoneHref(contactDetails.phone)} className={linkClass}>
                  {contactDetails.phone}
                </a>
              </span>
            </li>
            <li className="flex items-center gap-4">
              <span className={iconBox}>
                <MailIcon width={20} height={20} />
              </span>
              <span>
                <span className="block text-sm text-muted">Email</span>
                <a href={`mailto:${contactDetails.email}`} className={linkClass}>
                  {contactDetails.email}
                </a>
              </span>
            </li>
            <li className="flex items-center gap-4">
              <span className={iconBox}>
                <MapPinIcon width={20} height={20} />
              </span>
              <span>
                <span className="block text-sm text-muted">Office</span>
                <span className="text-ink">{contactDetails.office}</span>
              </span>
            </li>
            <li className="flex items-center gap-4">
              <span className={iconBox}>
                <LinkedInIcon width={20} height={20} />
              </span>
              <span>
                <span className="block text-sm text-muted">Follow Us</span>
                <a
                  href={contactDetails.profileUrl}
                  target="_blank"
                  rel="noopener noreferrer"
                  className={linkClass}
                >
                  {contactDetails.profileName}
                  <span className="sr-only"> (opens in a new tab)</span>
                </a>
              </span>
            </li>
          </ul>
          <BookingOffer />
        </div>
        {/* self-start: the card is as tall as the form, not stretched to the column beside it
            when the booking picker opens there. While the form's confetti flies (the form
            marked data-celebrating: contact-form.tsx), the card is drawn just above its
            overlay (CONFETTI_Z_INDEX 100, docs/product.md "Confetti"): the particles fly
            around the form, never over its fields; after, it is in the page's order again,
            under the sticky header. */}
        <div
          data-reveal
          data-reveal-index={1}
          className="relative self-start rounded-2xl border border-line bg-surface p-6 shadow-lg has-[[data-celebrating]]:z-[101] sm:p-8"
        >
          <ContactFormIsland />
        </div>
      </div>
    </section>
  );
}
