import { CheckboxField, HoneypotField } from '#client/ui/fields';
import { LegalLinks } from './legal-links';

interface PrivacyConsentFieldsProps {
  privacy: boolean;
  /** The hidden field only bots fill (the server stores nothing when it holds something). */
  website: string;
  /** The shared schema's message when the box is not ticked. */
  error: string | undefined;
  onPrivacy: (privacy: boolean) => void;
  onWebsite: (website: string) => void;
}

/**
 * The end of every public form that sends a visitor's details (contact, booking, the
 * assistant's hand-off): the consent box, the links to the privacy and terms pages under it,
 * and the honeypot.
 */
export function PrivacyConsentFields({
  privacy,
  website,
  error,
  onPrivacy,
  onWebsite,
}: PrivacyConsentFieldsProps) {
  return (
    <>
      <CheckboxField
        name="privacy"
        error={error}
        isSelected={privacy}
        onChange={onPrivacy}
        isRequired
      >
        I agree to the Privacy Policy and Terms of Service.
      </CheckboxField>
      <LegalLinks />
      <HoneypotField value={website} onChange={onWebsite} />
    </>
  );
}
