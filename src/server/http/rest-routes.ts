import { Hono } from 'hono';
import type { AppEnv } from './hono-env';
import type { AppDeps } from './trpc';
import { accountRest } from '../account/rest';
import { adminRest } from '../auth/rest';
import { analyticsRest } from '../analytics/rest';
import { factsRest } from '../facts/rest';
import { messagesRest } from '../leads/messages-rest';
import { contactRest } from '../contact/rest';
import { contentRest } from '../content/rest';
import { newsletterRest } from '../newsletter/rest';
import { newslettersRest } from '../newsletter/newsletters-rest';
import { passkeysRest } from '../passkeys/rest';
import { subscribersRest } from '../leads/subscribers-rest';
import { tagsRest } from '../facts/tags-rest';
import { usersRest } from '../users/rest';
import { auditRest } from '../audit/rest';
import { secondFactorRest } from '../second-factor/rest';

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
