/**
 * The Node line the site runs on (docs/decisions/0053): on Node 20, past its end of life, the
 * site says so in one line of its own and turns the AWS SDK's 9-line notice off with the SDK's
 * documented switch (unless the owner set it); on 22 and 24 nothing is said or changed.
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';
import { AWS_NODE_NOTICE_SWITCH, endOfLifeNotice, sdkNodeNoticesOff } from './node-line';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

it('names a Node past its end of life and the lines to move to; nothing on 22, 24 or later', () => {
  expect(endOfLifeNotice('v20.20.2')).toBe(
    'Node v20.20.2 is past its end of life (2026-04-30 for Node 20): run Node 22 or 24 (docs/operations.md, "Requirements")',
  );
  expect(endOfLifeNotice('v18.20.8')).toMatch(/^Node v18\.20\.8 is past its end of life/);
  for (const version of ['v22.13.0', 'v22.23.3', 'v24.21.0', 'v26.1.0']) {
    expect(endOfLifeNotice(version), version).toBeNull();
  }
});

it("turns the AWS SDK's notice off on Node 20 only, and keeps an owner's own setting", () => {
  const old: NodeJS.ProcessEnv = {};
  sdkNodeNoticesOff(old, 'v20.20.2');
  expect(old).toEqual({ [AWS_NODE_NOTICE_SWITCH]: 'true' });

  const supported: NodeJS.ProcessEnv = {};
  sdkNodeNoticesOff(supported, 'v24.21.0');
  expect(supported).toEqual({});

  const owners: NodeJS.ProcessEnv = { [AWS_NODE_NOTICE_SWITCH]: 'false' };
  sdkNodeNoticesOff(owners, 'v20.20.2');
  expect(owners).toEqual({ [AWS_NODE_NOTICE_SWITCH]: 'false' });
});

/** What an S3 client made in a process of its own prints on stderr, with or without the switch. */
async function s3ClientStderr(switchOff: boolean): Promise<string> {
  const script = [
    "const { sdkNodeNoticesOff } = await import('#server/platform/node-line');",
    switchOff ? 'sdkNodeNoticesOff(process.env, process.version);' : '',
    "const { S3Client } = await import('@aws-sdk/client-s3');",
    "new S3Client({ region: 'us-east-1' });",
  ].join('\n');
  const env = { ...process.env };
  delete env[AWS_NODE_NOTICE_SWITCH];
  const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
    cwd: ROOT,
    env,
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const [code] = (await once(child, 'close')) as [number | null];
  expect(code, stderr).toBe(0);
  return stderr;
}

it('leaves the SDK quiet on this machine: its notice only where the Node line is past its end', async () => {
  const [without, withSwitch] = await Promise.all([s3ClientStderr(false), s3ClientStderr(true)]);
  const pastEnd = endOfLifeNotice(process.version) !== null;
  expect(without.includes('NodeVersionSupportWarning'), without).toBe(pastEnd);
  expect(withSwitch).toBe('');
});
