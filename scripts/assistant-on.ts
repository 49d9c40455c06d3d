/**
 * The site assistant switched on for the measuring scripts (`npm run bytes`, `npm run audit
 * -- --assistant`): the server started with a provider (a fake of the tests' own,
 * tests/support/openai-server.ts, so nothing leaves the machine), then the owner's switch
 * (docs/assistant.md), and `/` asked until it shows "Ask a question" (within half a second).
 */
import { SAMPLE_ADMIN } from './sample-entries';

/** The server's environment for a provider at `baseUrl` (the fake's `/v1`). */
export function providerEnv(baseUrl: string): Record<string, string> {
  return { AI_PROVIDER: 'openai-compatible', AI_BASE_URL: baseUrl, AI_MODEL: 'fake-model' };
}

/** Signs in as SAMPLE_ADMIN, turns the assistant on, and waits for `/` to show it. */
export async function turnAssistantOn(origin: string): Promise<void> {
  const login = await fetch(`${origin}/api/admin/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(SAMPLE_ADMIN),
  });
  if (login.status !== 200) throw new Error(`sign-in: HTTP ${login.status}`);
  const cookie = login.headers.getSetCookie()[0]?.split(';')[0] ?? '';
  const saved = await fetch(`${origin}/api/assistant/settings`, {
    method: 'PUT',
    headers: { cookie, 'content-type': 'application/json' },
    body: JSON.stringify({ enabled: true }),
  });
  if (saved.status !== 200) throw new Error(`the assistant's switch: HTTP ${saved.status}`);
  for (let tries = 0; !(await (await fetch(`${origin}/`)).text()).includes('Ask a question');) {
    if (++tries > 50) throw new Error('"Ask a question" never showed on /');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
