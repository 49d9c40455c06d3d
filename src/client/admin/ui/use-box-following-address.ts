import { useEffect, useRef, useState } from 'react';

/**
 * A search box whose text is also the address's `q`. Back, Forward and a link change the
 * address: the box follows. A change the box asked for itself does not: the address shows it
 * before the list's read has answered, and the screen draws it only then, so what was typed in
 * between (a text cleared, a letter more) would be replaced by the older words.
 *
 * `send(q)` is called with the `q` the box asks the address for, just before asking.
 */
export function useBoxFollowingAddress(q: string | undefined) {
  const [text, setText] = useState(q ?? '');
  const [shownQ, setShownQ] = useState(q);
  // What the box asked for that the address has not brought yet, oldest first.
  const [asked, setAsked] = useState<(string | undefined)[]>([]);
  if (shownQ !== q) {
    setShownQ(q);
    const own = asked.indexOf(q);
    // Its own: what was asked before it is overtaken. Another's (Back, a link): all of it is.
    setAsked(own === -1 ? [] : asked.slice(own + 1));
    if (own === -1 && (q ?? '') !== text.trim()) setText(q ?? '');
  }
  // Read when asking, which may be in an effect of an earlier render.
  const currentQ = useRef(q);
  useEffect(() => {
    currentQ.current = q;
  });
  // The same `q` again (a subject chosen) is no change of the address's, unless one is on its way.
  const send = (next: string | undefined) => {
    setAsked((pending) =>
      pending.length > 0 || next !== currentQ.current ? [...pending, next] : pending,
    );
  };
  return { text, setText, send };
}
