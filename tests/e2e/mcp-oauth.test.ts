/**
 * The owner's agent in the browser, one server for both (docs/mcp.md).
 *
 * Account → Access tokens on a 390 px phone in the dark theme: a token made by keyboard (name,
 * a scope, the expiry's radio group), its secret shown once with Copy and gone after Done and a
 * reload, then revoked after its confirmation; axe at each step (the secret's panel in the
 * light theme too), and nothing wider than the screen.
 *
 * Issue 48's "done when": an MCP client connects through OAuth and lists the leads. The SDK's
 * real Client, with StreamableHTTPClientTransport and an OAuthClientProvider, meets /mcp's 401,
 * discovers (RFC 9728, RFC 8414), registers (RFC 7591) and sends the owner to /oauth/authorize;
 * this page, not signed in, goes through the sign-in and back to the consent screen (390 px,
 * dark, axe-clean), where Allow asks for the password (the sign-in is made older than the
 * 10-minute proof); the redirect's code is caught, finishAuth exchanges it, and the client
 * calls `leads_list` and sees the lead.
 */
import { createServer } from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import {
  UnauthorizedError,
  type OAuthClientProvider,
} from '@modelcontextprotocol/sdk/client/auth.js';
import type {
  OAuthClientInformationMixed,
  OAuthClientMetadata,
  OAuthTokens,
} from '@modelcontextprotocol/sdk/shared/auth.js';
import { newPage, type RunningServer, startServerAndBrowser, withDatabase } from './support';
import {
  addUser,
  expectNoAxeViolations,
  fillCredentials,
  PASSWORD,
  showColorScheme,
  toast,
  visible,
  withSession,
} from './admin-support';

/** Where the client asks for the code: a loopback address this page's route answers. */
const REDIRECT_URI = 'http://127.0.0.1:9/oauth-callback';

/** A client that keeps everything in memory, as a desktop client keeps it on disk. */
class MemoryProvider implements OAuthClientProvider {
  authorizationUrl: URL | null = null;
  private client: OAuthClientInformationMixed | undefined;
  private saved: OAuthTokens | undefined;
  private verifier = '';
  get redirectUrl() {
    return REDIRECT_URI;
  }
  get clientMetadata(): OAuthClientMetadata {
    return {
      client_name: 'E2E agent',
      redirect_uris: [REDIRECT_URI],
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      token_endpoint_auth_method: 'none',
    };
  }
  clientInformation() {
    return this.client;
  }
  saveClientInformation(info: OAuthClientInformationMixed) {
    this.client = info;
  }
  tokens() {
    return this.saved;
  }
  saveTokens(tokens: OAuthTokens) {
    this.saved = tokens;
  }
  redirectToAuthorization(url: URL) {
    this.authorizationUrl = url;
  }
  saveCodeVerifier(verifier: string) {
    this.verifier = verifier;
  }
  codeVerifier() {
    return this.verifier;
  }
}

/** A port free at this moment: the server's SITE_URL must name the port it listens on. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  const port = await freePort();
  [server, browser] = await startServerAndBrowser({
    env: { PORT: String(port), SITE_URL: `http://127.0.0.1:${port}` },
  });
  await addUser(server.dbPath, 'alice');
  withDatabase(server.dbPath, (db) => {
    db.prepare(
      `insert into leads (email, name, status, created_at, last_activity_at) values (?, ?, 'new', ?, ?)`,
    ).run('ada@example.com', 'Ada Lovelace', Date.now(), Date.now());
  });
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const overflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

async function checkPage(page: Page): Promise<void> {
  expect(await overflow(page)).toBeLessThanOrEqual(0);
  await expectNoAxeViolations(page);
}

it('creates a token, shows its secret once, and revokes it (390 px, dark, axe-clean)', async () => {
  const page = await newPage(browser, { width: 390, height: 844, colorScheme: 'dark' });
  try {
    await withSession(page, server, 'alice');
    await page.goto(`${server.url}/admin/account`);
    const card = await visible(page.getByRole('region', { name: 'Access tokens' }));
    await showColorScheme(page, 'dark');
    await visible(card.getByText('No access tokens yet.'));
    await checkPage(page);

    // By keyboard: the name (focused when the form opens), a scope, then the expiry.
    await card.getByRole('button', { name: 'Create token' }).click();
    const form = card.getByRole('form', { name: 'Create an access token' });
    const name = form.getByLabel('Name', { exact: true });
    await expect.poll(() => name.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.type('Claude Desktop');
    await form.getByRole('checkbox', { name: /^leads:read/ }).focus();
    await page.keyboard.press('Space');
    await form.getByRole('radio', { name: '30 days' }).focus();
    await page.keyboard.press('ArrowLeft');
    expect(await form.getByRole('radio', { name: '7 days' }).isChecked()).toBe(true);
    await checkPage(page);
    await form.getByRole('button', { name: 'Create token' }).press('Enter');

    // Signed in just now: no password asked. The secret, once, with the warning and Copy.
    const secret = await visible(card.getByLabel('The new token'));
    const shown = (await secret.innerText()).trim();
    expect(shown).toMatch(/^ams_[A-Za-z0-9_-]{43}$/);
    await visible(card.getByText('You will not see it again', { exact: false }));
    await visible(card.getByRole('button', { name: 'Copy' }));
    await checkPage(page);
    // The warning and the token's box in the light theme too.
    await showColorScheme(page, 'light');
    await checkPage(page);
    await showColorScheme(page, 'dark');
    await card.getByRole('button', { name: 'Done' }).click();
    const row = await visible(card.getByRole('article', { name: 'Claude Desktop' }));
    expect(await row.innerText()).toContain('Read leads and their timelines');
    expect(await row.innerText()).toContain('Never used');
    expect(await page.content()).not.toContain(shown);
    await page.reload();
    await visible(page.getByRole('article', { name: 'Claude Desktop' }));
    expect(await page.content()).not.toContain(shown);

    // Revoke, asked about first.
    await page.getByRole('button', { name: 'Revoke the token Claude Desktop' }).click();
    const dialog = await visible(page.getByRole('alertdialog', { name: 'Revoke this token?' }));
    await checkPage(page);
    await dialog.getByRole('button', { name: 'Revoke' }).click();
    await toast(page, 'Token revoked');
    await visible(
      page.getByRole('region', { name: 'Access tokens' }).getByText('No access tokens yet.'),
    );
    await checkPage(page);
  } finally {
    await page.context().close();
  }
});

// After the token test, which expects no token: the grant made here is listed there too.
it('connects an MCP client through OAuth and lists the leads', async () => {
  const mcpUrl = new URL(`${server.url}/mcp`);
  const provider = new MemoryProvider();
  const first = new Client({ name: 'e2e', version: '1.0.0' });
  await expect(
    first.connect(new StreamableHTTPClientTransport(mcpUrl, { authProvider: provider })),
  ).rejects.toBeInstanceOf(UnauthorizedError);
  const authorizationUrl = provider.authorizationUrl;
  expect(authorizationUrl?.href.startsWith(`${server.url}/oauth/authorize?`)).toBe(true);
  expect(authorizationUrl?.searchParams.get('code_challenge_method')).toBe('S256');

  const page = await newPage(browser, { width: 390, height: 844, colorScheme: 'dark' });
  try {
    const callback = new Promise<URL>((resolve) => {
      void page.route(`${REDIRECT_URI}**`, async (route) => {
        resolve(new URL(route.request().url()));
        await route.fulfill({ status: 200, contentType: 'text/plain', body: 'Connected.' });
      });
    });

    // Not signed in: the sign-in, then back to the request.
    await page.goto(String(authorizationUrl));
    await page.waitForURL('**/admin/login', { timeout: 15_000 });
    await fillCredentials(page, 'alice');
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await page.waitForURL('**/admin/connect?request=*', { timeout: 15_000 });
    const screen = await visible(page.getByRole('region', { name: 'Connect an MCP client' }));
    await visible(screen.getByText('E2E agent'));
    await visible(screen.getByText('127.0.0.1:9'));
    await visible(screen.getByRole('checkbox', { name: /Read leads/ }));
    await showColorScheme(page, 'dark');
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
    ).toBeLessThanOrEqual(0);
    await expectNoAxeViolations(page);

    // The sign-in is made older than the recent proof: Allow asks for the password.
    withDatabase(server.dbPath, (db) => {
      db.prepare('update sessions set created_at = created_at - 11 * 60000').run();
    });
    await screen.getByRole('button', { name: 'Allow' }).click();
    const dialog = await visible(page.getByRole('dialog', { name: 'Allow this client' }));
    await expectNoAxeViolations(page);
    await dialog.getByLabel('Your password').fill(PASSWORD);
    await dialog.getByRole('button', { name: 'Confirm' }).click();

    const redirected = await callback;
    expect(redirected.searchParams.get('state')).toBe(authorizationUrl?.searchParams.get('state'));
    const code = redirected.searchParams.get('code') ?? '';
    expect(code).toMatch(/^[A-Za-z0-9_-]{43}$/);

    // The client exchanges the code, then connects and calls a tool.
    const transport = new StreamableHTTPClientTransport(mcpUrl, { authProvider: provider });
    await transport.finishAuth(code);
    expect(provider.tokens()?.refresh_token).toBeTruthy();
    const client = new Client({ name: 'e2e', version: '1.0.0' });
    await client.connect(new StreamableHTTPClientTransport(mcpUrl, { authProvider: provider }));
    const result = await client.callTool({ name: 'leads_list', arguments: {} });
    expect(result.isError).toBeFalsy();
    expect(JSON.stringify(result.content)).toContain('Ada Lovelace');
    await client.close();
  } finally {
    await page.context().close();
  }
});
