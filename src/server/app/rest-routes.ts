import { Hono } from 'hono';
import type { AppEnv } from '../http/hono-env';
import type { AppDeps } from '../http/trpc';
import { accountRest } from '../identity/account/rest';
import { adminRest } from '../identity/sign-in/rest';
import { analyticsRest } from '../analytics/rest';
import { factsRest } from '../facts/rest';
import { messagesRest } from '../leads/messages-rest';
import { contactRest } from '../contact/rest';
import { contentRest } from '../content/rest';
import { newsletterRest } from '../newsletter/rest';
import { newslettersRest } from '../newsletter/newsletters-rest';
import { passkeysRest } from '../identity/passkeys/rest';
import { subscribersRest } from '../leads/subscribers-rest';
import { tagsRest } from '../facts/tags-rest';
import { usersRest } from '../identity/administrators/rest';
import { auditRest } from '../audit/rest';
import { secondFactorRest } from '../identity/second-factors/rest';

/** Every feature's documented REST paths (docs/api.md), mounted under /api. */
export function restRoutes(deps: AppDeps) {
  return new Hono<AppEnv>()
    .route('/', factsRest(deps))
    .route('/', tagsRest(deps))
    .route('/', contactRest(deps))
    .route('/', newsletterRest(deps))
    .route('/', newslettersRest(deps))
    .route('/', adminRest(deps))
    .route('/', accountRest(deps))
    .route('/', passkeysRest(deps))
    .route('/', secondFactorRest(deps))
    .route('/', messagesRest(deps))
    .route('/', subscribersRest(deps))
    .route('/', analyticsRest(deps))
    .route('/', usersRest(deps))
    .route('/', auditRest(deps))
    .route('/', contentRest(deps));
}
