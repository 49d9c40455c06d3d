import { flushSync } from 'react-dom';
import { buttonClass } from '#shared/ui-styles';
import { requestPicker } from '../booking/picker-request';

/** Where "Write to us" leads: the contact form's first field. */
const CONTACT_FIELD = '#contact-form input[name="name"]';

/**
 * "Write to us" and "Book a call", one press away whatever the panel shows: each closes the
 * panel first (so its focus trap lets go), then moves the focus to the contact form's first
 * field or to the booking picker (docs/booking.md, which then takes the focus itself).
 */
export function WaysToAPerson({
  close,
  className = '',
}: {
  close: () => void;
  className?: string;
}) {
  return (
    <div className={`flex flex-wrap gap-2 ${className}`}>
      <a
        href="#contact"
        onClick={(event) => {
          const field = document.querySelector<HTMLElement>(CONTACT_FIELD);
          if (!field) return close();
          event.preventDefault();
          flushSync(close);
          field.focus();
        }}
        className={buttonClass('secondary', 'sm')}
      >
        Write to us
      </a>
      <button
        type="button"
        onClick={() => {
          flushSync(close);
          requestPicker(null);
        }}
        className={buttonClass('secondary', 'sm')}
      >
        Book a call
      </button>
    </div>
  );
}
