import type { ReactNode } from 'react';
import { Button, Spinner } from './controls';
import { errorMessage, isNotFound } from './errors';
import { useInPendingScreen } from './pending-screen';

/**
 * What a screen needs of a read: its data once it came, its error if it failed, and a way to
 * ask again. A React Query result is one; so is a mutation that reads (the invitation check).
 */
export interface ReadState<T> {
  data: T | undefined;
  error: unknown;
  refetch: () => unknown;
}

export type StateKind = 'pending' | 'error';

interface QueryStateProps<T> {
  query: ReadState<T>;
  /** The spinner's words (read out, not shown), e.g. "Loading messages...". */
  pending: string;
  /** Put before the error's own words: "Error loading messages" shows "Error loading messages: …". */
  error?: string;
  /** Shown in place of the error when the server answered 404, e.g. "AI Fact not found.". */
  notFound?: ReactNode;
  /**
   * What an answer with nothing in it shows, or nothing (`null`, `false`) when it has
   * something. A string becomes the screens' one "nothing here" line.
   */
  empty?: (data: T) => ReactNode;
  /** A frame around the spinner or the error (never around the data), e.g. a card. */
  frame?: (state: ReactNode, kind: StateKind) => ReactNode;
  children: (data: T) => ReactNode;
}

/**
 * The one way an admin screen shows a read: the data as soon as there is some (a background
 * read that fails keeps it on screen), otherwise its error with "Try again" (role=alert), or
 * while it is on its way a spinner (role=status). The route's loader has usually filled the
 * cache already, so the data is there on the first draw (docs/architecture.md, "Admin screens").
 */
export function QueryState<T>({
  query,
  pending,
  error,
  notFound,
  empty,
  frame = (state) => state,
  children,
}: QueryStateProps<T>): ReactNode {
  // In a route's pending copy of the screen, only the spinner: that copy is replaced when the
  // loader ends (admin/ui/pending-screen.tsx).
  const inPendingScreen = useInPendingScreen();
  if (query.data !== undefined && !inPendingScreen) {
    const nothing = empty?.(query.data);
    if (nothing === undefined || nothing === null || nothing === false) return children(query.data);
    return typeof nothing === 'string' ? <EmptyLine>{nothing}</EmptyLine> : nothing;
  }
  if (query.error && !inPendingScreen) {
    if (notFound !== undefined && isNotFound(query.error)) return notFound;
    return frame(
      <LoadError prefix={error} error={query.error} retry={() => void query.refetch()} />,
      'error',
    );
  }
  return frame(<Spinner label={pending} />, 'pending');
}

/** The "nothing here" line of a list that came back empty. */
export function EmptyLine({ children }: { children: ReactNode }) {
  return <p className="py-8 text-center text-muted">{children}</p>;
}

function LoadError({
  prefix,
  error,
  retry,
}: {
  prefix: string | undefined;
  error: unknown;
  retry: () => void;
}) {
  const message = errorMessage(error);
  return (
    <div role="alert" className="flex flex-col items-start gap-3 text-red-800 dark:text-red-300">
      <p>{prefix === undefined ? message : `${prefix}: ${message}`}</p>
      <Button variant="secondary" onPress={retry}>
        Try again
      </Button>
    </div>
  );
}
