import { useEffect } from 'react';

/** Names the tab after the screen, so history and assistive tech tell the admin pages apart. */
export function useDocumentTitle(title: string) {
  useEffect(() => {
    const previous = document.title;
    document.title = `${title} | Admin`;
    return () => {
      document.title = previous;
    };
  }, [title]);
}
