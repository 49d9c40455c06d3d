/**
 * Sends the browser to the client's redirect address (its `code`, or `error`): a whole new
 * document, often another site or app, never a route of ours. Its own module so that a
 * component test can see where it would go.
 */
export function leaveFor(address: string): void {
  window.location.assign(address);
}
