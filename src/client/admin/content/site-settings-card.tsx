import { useState, type FormEvent } from 'react';
import { trpc } from '#client/lib/trpc';
import { toast } from '#client/ui/toast';
import type { SiteSettingsView } from '#shared/shapes/site-settings';
import { Button, TextInputField } from '../ui/controls';
import { errorMessage, isBadRequest, isUnauthorized, OWN_UNAUTHORIZED } from '../ui/errors';
import { useRecentProofDialog } from '../account/recent-proof-dialog';
import { fieldIssues } from '../ui/field-issues';
import { setAdminTimeZone } from '../ui/date-time';
import { TimezoneField } from '../ui/timezone-field';

/**
 * The site's public address and time zone (docs/content.md, "Address and time zone"), saved
 * apart from the words. A value the server's environment sets is shown, not editable.
 */
export function SiteSettingsCard({ settings }: { settings: SiteSettingsView }) {
  const utils = trpc.useUtils();
  const { fromEnvironment } = settings;
  const [address, setAddress] = useState(settings.address);
  const [timeZone, setTimeZone] = useState(settings.timeZone);
  const [issues, setIssues] = useState<Record<string, string>>({});
  const [refusal, setRefusal] = useState<string | null>(null);
  // A new address needs a recent proof: the password is asked for when the server does.
  const proof = useRecentProofDialog();
  const save = trpc.siteSettings.save.useMutation({
    meta: OWN_UNAUTHORIZED,
    onSuccess: ({ settings: saved }) => {
      setIssues({});
      setRefusal(null);
      setAddress(saved.address);
      setTimeZone(saved.timeZone);
      setAdminTimeZone(saved.timeZone);
      utils.siteSettings.get.setData(undefined, { settings: saved });
      toast({ title: 'Address and time zone saved' });
    },
    onError: (error) => {
      // The proof asked for, or the session's end: the recent proof dialog's hook sees to both.
      if (isUnauthorized(error)) return;
      setIssues(isBadRequest(error) ? fieldIssues(error) : {});
      setRefusal(isBadRequest(error) ? null : errorMessage(error));
    },
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    // The default address shown as it is stays "not set": saving the zone saves no address.
    const keptDefault = settings.saved.address === null && address.trim() === settings.address;
    const values = {
      address: fromEnvironment.address || keptDefault ? null : address,
      timeZone: fromEnvironment.timeZone ? null : timeZone,
    };
    void proof.run('Change the public address', (given) =>
      save.mutateAsync({ ...values, password: given.password }),
    );
  }

  const onServer = (variable: string) =>
    `Set on the server (${variable}): your developer changes it there.`;
  // The dialog stays outside the form: its own form's submit would reach this one through
  // React's tree (portals pass events to their parents there).
  return (
    <>
      <form onSubmit={submit} noValidate className="flex flex-col gap-4">
        <div className="flex flex-col gap-1">
          <h2 id="site-settings-title" className="text-xl font-semibold text-ink">
            Address and time zone
          </h2>
          <p className="text-sm text-muted">
            Links in every e-mail, sharing cards and passkeys use the address; e-mails, the
            Overview&rsquo;s days and the times in this admin area use the time zone.
          </p>
        </div>
        <TextInputField
          label="Public address"
          value={address}
          onChange={setAddress}
          error={issues['address']}
          isDisabled={fromEnvironment.address}
          autoComplete="url"
          description={
            fromEnvironment.address
              ? onServer('SITE_URL')
              : 'The address visitors type, such as https://www.example.com. Passkeys work only there: those added under another address stop working. Empty: the address the server runs on.'
          }
        />
        <TimezoneField
          value={timeZone}
          onChange={setTimeZone}
          error={issues['timeZone']}
          isDisabled={fromEnvironment.timeZone}
          description={
            fromEnvironment.timeZone
              ? onServer('SITE_TIMEZONE')
              : 'Where your business is, e.g. Europe/London. Empty: UTC.'
          }
        />
        {refusal ? (
          <p role="alert" className="text-sm text-red-700 dark:text-red-300">
            {refusal}
          </p>
        ) : null}
        <div>
          <Button
            type="submit"
            isDisabled={save.isPending || (fromEnvironment.address && fromEnvironment.timeZone)}
          >
            {save.isPending ? 'Saving...' : 'Save address and time zone'}
          </Button>
        </div>
      </form>
      {proof.dialog}
    </>
  );
}
