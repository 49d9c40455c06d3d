/**
 * The reference for `npm run bench`: a bare node:http server that answers each benchmarked
 * request with the exact bytes (status, headers, body) the real server gave it, captured just
 * before. Whatever the real server costs beyond this is the framework and our code.
 *
 * Reads its answers as JSON from the file named by argv[2]; prints "listening on <url>".
 */
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';

interface Recorded {
  method: string;
  path: string;
  status: number;
  headers: [string, string][];
  /** base64 */
  body: string;
}

const recorded = JSON.parse(readFileSync(process.argv[2]!, 'utf8')) as Recorded[];
const answers = new Map(
  recorded.map((r) => [
    `${r.method} ${r.path}`,
    { status: r.status, headers: r.headers.flat(), body: Buffer.from(r.body, 'base64') },
  ]),
);

const server = createServer((req, res) => {
  const answer = answers.get(`${req.method} ${req.url}`);
  // Bodies are read in full before answering, as the real server does.
  req.resume();
  req.once('end', () => {
    if (!answer) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(answer.status, answer.headers);
    res.end(answer.body);
  });
});
server.listen(0, '127.0.0.1', () => {
  const address = server.address();
  if (address && typeof address === 'object') {
    process.stdout.write(`listening on http://127.0.0.1:${address.port}\n`);
  }
});
process.on('SIGTERM', () => server.close(() => process.exit(0)));
