import type { ReactNode } from 'react';
import { Button, Card, Spinner } from '../controls';
import { errorMessage } from '../errors';

/**
 * What the account's screens show until `account.get` has answered: a spinner, or its error
 * with "Try again". One copy for the Account screen and the second factor's set-up screen.
 */
export function AccountLoadState({
  isPending,
  error,
  retry,
}: {
  isPending: boolean;
  error: unknown;
  retry: () => void;
}): ReactNode {
  return (
    <Card>
      {isPending ? (
        <Spinner label="Loading your account..." />
      ) : (
        <div
          role="alert"
          className="flex flex-col items-start gap-3 text-red-800 dark:text-red-300"
        >
          <p>Error loading your account: {errorMessage(error)}</p>
          <Button variant="secondary" onPress={retry}>
            Try again
          </Button>
        </div>
      )}
    </Card>
  );
}
