import { useEffect, useRef } from 'react';
import { toast } from '#client/ui/toast';
import { Button } from '../ui/controls';

/** The codes as a text file: one a line, with what they are for. */
function codesFile(username: string, codes: string[]): string {
  return [
    `Recovery codes for ${username} (${window.location.host})`,
    'Each code works once, in place of the authenticator app’s code at sign-in.',
    '',
    ...codes,
    '',
  ].join('\n');
}

/**
 * The 10 recovery codes, shown once right after they are made: Copy and "Download .txt"
 * (a Blob made here, nothing fetched). The heading takes focus so a screen reader starts here.
 */
export function RecoveryCodesPanel({
  username,
  codes,
  notice,
  onDone,
}: {
  username: string;
  codes: string[];
  /** What just changed, said under the heading (read after it, and never covered). */
  notice?: string;
  onDone: () => void;
}) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(codes.join('\n'));
      toast({ title: 'Copied', description: 'The 10 recovery codes are on the clipboard.' });
    } catch {
      toast({
        title: 'Could not copy',
        description: 'Select the codes and copy them, or download them.',
        variant: 'destructive',
      });
    }
  };

  const download = () => {
    const url = URL.createObjectURL(
      new Blob([codesFile(username, codes)], { type: 'text/plain;charset=utf-8' }),
    );
    const link = document.createElement('a');
    link.href = url;
    link.download = 'recovery-codes.txt';
    link.click();
    URL.revokeObjectURL(url);
  };

  return (
    <div className="flex flex-col gap-4">
      <h3 ref={heading} tabIndex={-1} className="font-semibold text-ink outline-none">
        Your recovery codes
      </h3>
      {notice ? <p className="text-ink">{notice}</p> : null}
      <p
        role="note"
        className="rounded-md border border-amber-700 bg-amber-50 p-3 text-sm text-amber-900 dark:border-amber-400 dark:bg-amber-950 dark:text-amber-200"
      >
        Store these now, somewhere safe away from your phone (a password manager, or on paper). They
        are shown only this once. Each works once, in place of the app’s code, if you lose your
        phone.
      </p>
      <ol
        aria-label="Recovery codes"
        className="grid grid-cols-2 gap-x-6 gap-y-1 font-mono text-ink sm:max-w-sm"
      >
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ol>
      <div className="flex flex-wrap gap-3">
        <Button variant="secondary" onPress={() => void copy()}>
          Copy
        </Button>
        <Button variant="secondary" onPress={download}>
          Download .txt
        </Button>
        <Button onPress={onDone}>I have stored them</Button>
      </div>
    </div>
  );
}
