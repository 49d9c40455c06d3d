import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  AddressRefused,
  addressKind,
  fetchPublic,
  knownRefusal,
  type Resolver,
} from './public-fetch';

const production = { production: true };
const development = { production: false };

describe('the address classifier', () => {
  it('finds loopback, private, link-local, shared, multicast, reserved and IPv4-in-IPv6 addresses', () => {
    for (const address of ['127.0.0.1', '127.8.9.10', '::1']) {
      expect(addressKind(address), address).toBe('loopback');
    }
    const nonPublic = [
      '0.0.0.0',
      '10.1.2.3',
      '100.64.0.1',
      '169.254.169.254',
      '172.16.0.1',
      '172.31.255.255',
      '192.168.1.1',
      '192.0.2.10',
      '198.18.0.1',
      '224.0.0.1',
      '240.0.0.1',
      '255.255.255.255',
      '::',
      '::ffff:127.0.0.1',
      '::ffff:7f00:1',
      'fc00::1',
      'fd12:3456::1',
      'fe80::1',
      'ff02::1',
      '2001:db8::1',
      '2002:7f00:1::1',
      'not an address',
    ];
    for (const address of nonPublic) expect(addressKind(address), address).toBe('non-public');
    for (const address of ['93.184.216.34', '8.8.8.8', '172.32.0.1', '2606:4700::1111']) {
      expect(addressKind(address), address).toBe('public');
    }
  });

  it('knows, before any read, the addresses refused whatever a name server says', () => {
    // The URL parser turns these spellings into 127.0.0.1 and ::ffff:7f00:1.
    for (const address of [
      'https://2130706433/feed.ics',
      'https://0x7f.1/feed.ics',
      'https://017700000001/feed.ics',
      'https://[::ffff:127.0.0.1]/feed.ics',
      'https://0.0.0.0/feed.ics',
      'https://localhost/feed.ics',
      'https://calendar.localhost/feed.ics',
      'https://[::1]/feed.ics',
      'https://169.254.169.254/latest/meta-data',
    ]) {
      expect(knownRefusal(address, production), address).toBe('address');
    }
    expect(knownRefusal('http://calendar.example.com/feed.ics', production)).toBe('scheme');
    expect(knownRefusal('https://calendar.example.com/feed.ics', production)).toBeNull();
    expect(knownRefusal('https://93.184.216.34/feed.ics', production)).toBeNull();
    // Development: http and loopback are allowed, the rest of the private space is not.
    expect(knownRefusal('http://127.0.0.1:8080/feed.ics', development)).toBeNull();
    expect(knownRefusal('http://2130706433/feed.ics', development)).toBeNull();
    expect(knownRefusal('http://localhost/feed.ics', development)).toBeNull();
    expect(knownRefusal('http://[::ffff:127.0.0.1]/feed.ics', development)).toBe('address');
    expect(knownRefusal('http://10.0.0.8/feed.ics', development)).toBe('address');
    expect(knownRefusal('ftp://calendar.example.com/feed.ics', development)).toBe('scheme');
  });
});

describe('a read of an address', () => {
  let server: Server;
  let port: number;
  let seen: IncomingMessage[];
  let respond: (req: IncomingMessage, res: ServerResponse) => void;

  beforeEach(async () => {
    seen = [];
    respond = (_req, res) => res.end('hello');
    server = createServer((req, res) => {
      seen.push(req);
      respond(req, res);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });

  afterEach(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  const signal = () => AbortSignal.timeout(5_000);
  /** A resolver that knows the test's names, each for one address. */
  const names =
    (table: Record<string, string>): Resolver =>
    async (host) => {
      const address = table[host];
      if (address === undefined) throw new Error(`ENOTFOUND ${host}`);
      return [{ address, family: address.includes(':') ? 6 : 4 }];
    };

  it('is refused in production for a name resolving to loopback, before any connection', async () => {
    for (const address of [
      `https://calendar.test:${port}/feed.ics`,
      `http://127.0.0.1:${port}/feed.ics`,
      `https://2130706433:${port}/feed.ics`,
      `https://0x7f.1:${port}/feed.ics`,
      `https://[::ffff:127.0.0.1]:${port}/feed.ics`,
      `https://0.0.0.0:${port}/feed.ics`,
    ]) {
      await expect(
        fetchPublic(address, {
          ...production,
          signal: signal(),
          resolve: names({ 'calendar.test': '127.0.0.1' }),
        }),
        address,
      ).rejects.toThrow(new AddressRefused());
    }
    // A name with a public and a private address is refused too: which one would be used is
    // not ours to know.
    const mixed: Resolver = async () => [
      { address: '93.184.216.34', family: 4 },
      { address: '10.0.0.1', family: 4 },
    ];
    await expect(
      fetchPublic('https://calendar.test/feed.ics', {
        ...production,
        signal: signal(),
        resolve: mixed,
      }),
    ).rejects.toThrow(AddressRefused);
    expect(seen).toHaveLength(0);
  });

  it('connects to the address it checked, whatever the name resolves to next', async () => {
    let asked = 0;
    // A rebinding name server: the first answer passes, a later one would not.
    const rebinding: Resolver = async () => {
      asked += 1;
      return [{ address: asked === 1 ? '127.0.0.1' : '10.0.0.1', family: 4 }];
    };
    const response = await fetchPublic(`http://calendar.test:${port}/feed.ics`, {
      ...development,
      signal: signal(),
      resolve: rebinding,
    });
    expect(await response.text()).toBe('hello');
    expect(asked).toBe(1);
    expect(seen[0]?.headers.host).toBe(`calendar.test:${port}`);
  });

  it('checks every redirect, follows at most 3, and refuses one to a non-public address', async () => {
    respond = (req, res) => {
      const hop = Number(/hop=(\d+)/.exec(req.url ?? '')?.[1] ?? 0);
      if (hop < 3) {
        res.writeHead(302, { location: `/feed.ics?hop=${hop + 1}` });
        res.end();
      } else res.end(`after ${hop}`);
    };
    const first = `http://127.0.0.1:${port}/feed.ics?hop=0`;
    const followed = await fetchPublic(first, { ...development, signal: signal() });
    expect(await followed.text()).toBe('after 3');

    respond = (req, res) => {
      const hop = Number(/hop=(\d+)/.exec(req.url ?? '')?.[1] ?? 0);
      res.writeHead(301, { location: `/feed.ics?hop=${hop + 1}` });
      res.end();
    };
    seen = [];
    await expect(fetchPublic(first, { ...development, signal: signal() })).rejects.toThrow(
      AddressRefused,
    );
    expect(seen).toHaveLength(4);

    // A redirect to the IPv4-mapped loopback, to the cloud's metadata address, to a name of
    // the private network: refused without a connection to them.
    for (const location of [
      `http://[::ffff:127.0.0.1]:${port}/feed.ics`,
      'http://169.254.169.254/latest/meta-data',
      'http://intranet.test/feed.ics',
    ]) {
      respond = (_req, res) => {
        res.writeHead(307, { location });
        res.end();
      };
      seen = [];
      await expect(
        fetchPublic(first, {
          ...development,
          signal: signal(),
          resolve: names({ 'intranet.test': '192.168.1.20' }),
        }),
        location,
      ).rejects.toThrow(AddressRefused);
      expect(seen).toHaveLength(1);
    }
  });
});
