import type { AppDeps } from '#server/http/trpc';
import { siteSettings } from '#server/site/site-settings';

/**
 * The addresses OAuth names, all on the site's address in force (SITE_URL, or the one saved
 * in the admin): the issuer is the site itself, the protected resource its `/mcp`.
 */
export async function oauthUrls(deps: Pick<AppDeps, 'db' | 'config'>) {
  const issuer = (await siteSettings(deps)).address.replace(/\/+$/, '');
  return {
    issuer,
    resource: `${issuer}/mcp`,
    authorize: `${issuer}/oauth/authorize`,
    token: `${issuer}/oauth/token`,
    register: `${issuer}/oauth/register`,
    resourceMetadata: `${issuer}/.well-known/oauth-protected-resource`,
    consent: (requestId: string) =>
      `${issuer}/admin/connect?request=${encodeURIComponent(requestId)}`,
  };
}
export type OAuthUrls = Awaited<ReturnType<typeof oauthUrls>>;
