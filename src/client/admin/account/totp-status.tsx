import type { RefObject } from 'react';
import { RECOVERY_CODES_LOW } from '#shared/second-factor';
import { Badge } from '../ui/badge';
import { Button } from '../ui/controls';

/** Whether the authenticator app is on and, while on, how many recovery codes are left. */
export function TotpStatus({
  isOn,
  codesLeft,
  showCodesLeft,
}: {
  isOn: boolean;
  codesLeft: number;
  /** False while new codes are shown: the count would be stale beside them. */
  showCodesLeft: boolean;
}) {
  return (
    <>
      <div className="mt-4 flex flex-wrap items-center gap-2 text-ink">
        {isOn ? (
          <>
            <Badge tone="done">On</Badge>
            <span>Signing in asks for the app’s code.</span>
          </>
        ) : (
          <>
            <Badge tone="quiet">Off</Badge>
            <span>No authenticator app is set up.</span>
          </>
        )}
      </div>
      {isOn && showCodesLeft ? (
        <p
          className={`mt-2 text-sm ${codesLeft <= RECOVERY_CODES_LOW ? 'font-semibold text-red-800 dark:text-red-300' : 'text-muted'}`}
        >
          {codesLeft} recovery {codesLeft === 1 ? 'code' : 'codes'} left
          {codesLeft <= RECOVERY_CODES_LOW ? ': make new ones before you run out.' : '.'}
        </p>
      ) : null}
    </>
  );
}

/** The card's buttons between steps; `mainButton` is the first, which takes focus back. */
export function TotpButtons({
  isOn,
  mainButton,
  onRegenerate,
  onTurnOff,
  onSetUp,
}: {
  isOn: boolean;
  mainButton: RefObject<HTMLButtonElement | null>;
  onRegenerate: () => void;
  onTurnOff: () => void;
  onSetUp: () => void;
}) {
  return isOn ? (
    <div className="flex flex-wrap gap-3">
      <Button ref={mainButton} variant="secondary" onPress={onRegenerate}>
        Regenerate recovery codes
      </Button>
      <Button variant="ghost-danger" onPress={onTurnOff}>
        Turn off
      </Button>
    </div>
  ) : (
    <Button ref={mainButton} variant="secondary" onPress={onSetUp}>
      Set up an authenticator app
    </Button>
  );
}
