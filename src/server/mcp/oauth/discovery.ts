/**
 * The two discovery documents (docs/mcp.md, "OAuth"; docs/decisions/0048): RFC 9728's
 * protected-resource metadata, which an MCP client reads after /mcp's 401 to find who issues
 * its tokens, and RFC 8414's authorization-server metadata, which names our endpoints.
 * Written here on Hono rather than with the SDK's Express helpers.
 */
import { SCOPES } from '../scopes';
import type { OAuthUrls } from './site-urls';

export function protectedResourceMetadata(urls: OAuthUrls) {
  return {
    resource: urls.resource,
    authorization_servers: [urls.issuer],
    scopes_supported: [...SCOPES],
    bearer_methods_supported: ['header'],
  };
}

export function authorizationServerMetadata(urls: OAuthUrls) {
  return {
    issuer: urls.issuer,
    authorization_endpoint: urls.authorize,
    token_endpoint: urls.token,
    registration_endpoint: urls.register,
    response_types_supported: ['code'],
    grant_types_supported: ['authorization_code', 'refresh_token'],
    code_challenge_methods_supported: ['S256'],
    token_endpoint_auth_methods_supported: ['none'],
    scopes_supported: [...SCOPES],
  };
}
