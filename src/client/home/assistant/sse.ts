/**
 * Reads a server-sent events stream as it arrives (POST /api/assistant, docs/assistant.md):
 * `event:` and `data:` lines, an event ending at a blank line. Pieces of the stream may cut a
 * line, or a character, anywhere: text is kept until its line ends.
 */
export interface SseEvent {
  event: string;
  data: string;
}

export function sseParser(onEvent: (event: SseEvent) => void) {
  let buffer = '';
  let event = '';
  let data: string[] = [];

  function line(text: string) {
    if (text === '') {
      // A blank line ends the event; one without data is nothing (a comment, a keep-alive).
      if (data.length > 0) onEvent({ event: event || 'message', data: data.join('\n') });
      event = '';
      data = [];
      return;
    }
    if (text.startsWith(':')) return;
    const colon = text.indexOf(':');
    const field = colon < 0 ? text : text.slice(0, colon);
    let value = colon < 0 ? '' : text.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    if (field === 'event') event = value;
    else if (field === 'data') data.push(value);
  }

  return {
    /** A piece of the stream, as decoded text. */
    push(text: string) {
      buffer += text;
      // A `\r` last may be the first half of a `\r\n` cut in two: kept for the next piece.
      const held = buffer.endsWith('\r') ? '\r' : '';
      const lines = (held ? buffer.slice(0, -1) : buffer).split(/\r\n|\r|\n/);
      // The last piece has no line end yet, unless the text ended with one ('' then).
      buffer = (lines.pop() ?? '') + held;
      for (const each of lines) line(each);
    },
    /** The stream ended: an event left without its blank line still counts. */
    end() {
      if (buffer !== '') line(buffer.replace(/\r$/, ''));
      buffer = '';
      line('');
    },
  };
}
