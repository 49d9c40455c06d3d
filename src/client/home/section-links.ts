/**
 * In-page links: '#contact' on the home page (smooth scroll), '/#contact' elsewhere (the 404
 * page shares the header and footer), which loads the home page at that section.
 */
export function sectionHref(id: string, onHome: boolean): string {
  return onHome ? `#${id}` : `/#${id}`;
}
