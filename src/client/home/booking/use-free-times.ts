import { useCallback, useEffect, useState } from 'react';
import { publicApi } from '#client/lib/public-api';
import { serverCode, serverMessage } from '#client/lib/trpc-error';
import type { Slot } from '#shared/meeting-time';
import { PICKER_TEXTS as T } from './picker-texts';

export type FreeTimes =
  | { state: 'loading' }
  /** `off`: booking is switched off (404), nothing to try again. */
  | { state: 'failed'; message: string; off: boolean }
  | { state: 'ready'; slots: Slot[]; location: string };

/** One read of the free times; a 404 means booking is off. */
async function read(): Promise<FreeTimes> {
  try {
    const answer = await publicApi.booking.slots.query({});
    return { state: 'ready', slots: answer.slots, location: answer.location };
  } catch (error) {
    const off = serverCode(error) === 'NOT_FOUND';
    const message = off
      ? `${serverMessage(error) ?? ''} ${T.unavailableHint}`.trim()
      : T.timesFailed;
    return { state: 'failed', message, off };
  }
}

/**
 * The free times of the next two weeks (`booking.slots`), read when the picker opens. `reload`
 * reads them again and keeps the list shown until the new one is there (after a 409).
 */
export function useFreeTimes() {
  const [times, setTimes] = useState<FreeTimes>({ state: 'loading' });

  const reload = useCallback(async () => setTimes(await read()), []);

  const retry = useCallback(() => {
    setTimes({ state: 'loading' });
    void reload();
  }, [reload]);

  useEffect(() => {
    let live = true;
    void read().then((answer) => {
      if (live) setTimes(answer);
    });
    return () => {
      live = false;
    };
  }, []);

  return { times, reload, retry };
}
