/**
 * The command line's terminal (docs/operations.md): lines out and errors to stdout/stderr, and
 * secrets asked for without echoing them, from a terminal or one a line from piped input.
 */
import { createInterface } from 'node:readline';
import { UserError } from '#server/platform/errors';

export interface CliIo {
  out(line: string): void;
  err(line: string): void;
  /** Asks for a secret without echoing it. */
  askHidden(question: string): Promise<string>;
}

/** Reads a line from a terminal without echoing it (raw mode, so nothing is shown). */
function readHiddenFromTty(): Promise<string> {
  const stdin = process.stdin;
  return new Promise((resolve, reject) => {
    let value = '';
    const finish = () => {
      stdin.off('data', onData);
      stdin.setRawMode(false);
      stdin.pause();
      process.stderr.write('\n');
    };
    const onData = (chunk: string) => {
      for (const char of chunk) {
        if (char === '\r' || char === '\n') {
          finish();
          resolve(value);
          return;
        }
        if (char === '\u0003' || char === '\u0004') {
          finish();
          reject(new UserError('cancelled'));
          return;
        }
        value =
          char === '\u007f' || char === '\b'
            ? Array.from(value).slice(0, -1).join('')
            : value + char;
      }
    };
    stdin.setRawMode(true);
    stdin.setEncoding('utf8');
    stdin.on('data', onData);
    stdin.resume();
  });
}

export function terminalIo(): CliIo & { close(): void } {
  // Piped input (scripts): one password a line.
  let lines: ReturnType<typeof createInterface> | undefined;
  let iterator: AsyncIterator<string> | undefined;
  return {
    out: (line) => process.stdout.write(`${line}\n`),
    err: (line) => process.stderr.write(`${line}\n`),
    async askHidden(question) {
      process.stderr.write(question);
      if (process.stdin.isTTY) return readHiddenFromTty();
      lines ??= createInterface({ input: process.stdin, terminal: false });
      iterator ??= lines[Symbol.asyncIterator]();
      const next = await iterator.next();
      process.stderr.write('\n');
      if (next.done) throw new UserError('no password given: set ADMIN_PASSWORD or type it');
      return next.value;
    },
    close: () => lines?.close(),
  };
}
