/**
 * An S3 store on 127.0.0.1 for the backup tests: s3rver (a fake S3 in Node) in this process on
 * a temporary folder, behind a small proxy that can misbehave on purpose: answer 500 to every
 * PUT, or flip a byte of every backup it hands back.
 */
import { createServer, request, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import S3rver from 's3rver';
import { tempFolder } from './database';

export type S3Fault = 'none' | 'fail-put' | 'corrupt-get';

export interface TestS3 {
  /** BACKUP_S3_ENDPOINT (through the proxy). */
  endpoint: string;
  bucket: string;
  fault: S3Fault;
  /** PUT requests the proxy saw (answered or refused). */
  puts: number;
  stop(): Promise<void>;
}

export async function startTestS3(bucket = 'backups'): Promise<TestS3> {
  const s3 = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory: tempFolder('s3rver-'),
    configureBuckets: [{ name: bucket }],
  });
  const upstream = await s3.run();
  const state: TestS3 = {
    endpoint: '',
    bucket,
    fault: 'none',
    puts: 0,
    stop: async () => {
      await new Promise<void>((resolve) => proxy.close(() => resolve()));
      await s3.close();
    },
  };
  const proxy: Server = createServer((req, res) => {
    if (req.method === 'PUT') state.puts++;
    if (req.method === 'PUT' && state.fault === 'fail-put') {
      req.resume();
      res.writeHead(500, { 'content-type': 'application/xml' });
      res.end('<Error><Code>InternalError</Code><Message>planted failure</Message></Error>');
      return;
    }
    const forward = request(
      {
        host: '127.0.0.1',
        port: upstream.port,
        method: req.method,
        path: req.url,
        headers: req.headers,
      },
      (answer: IncomingMessage) => {
        const corrupt =
          state.fault === 'corrupt-get' &&
          req.method === 'GET' &&
          /\.db\.gz$/.test((req.url ?? '').split('?')[0] ?? '');
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        if (!corrupt) {
          answer.pipe(res);
          return;
        }
        const chunks: Buffer[] = [];
        answer.on('data', (chunk: Buffer) => chunks.push(chunk));
        answer.on('end', () => {
          const body = Buffer.concat(chunks);
          // Same length, one byte different: only the hash can tell.
          if (body.length > 100) body[100] = (body[100] ?? 0) ^ 0xff;
          res.end(body);
        });
      },
    );
    forward.on('error', (error) => {
      res.writeHead(502);
      res.end(String(error));
    });
    req.pipe(forward);
  });
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  state.endpoint = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`;
  return state;
}
