import { Hono } from 'hono';
import type { AppEnv } from './hono-env';
import type { AppDeps } from './trpc';
import { adminRest } from '../auth/rest';
import { factsRest } from '../facts/rest';
import { messagesRest } from '../leads/messages-rest';
import { publicRest } from '../contact/rest';
import { subscribersRest } from '../leads/subscribers-rest';
import { tagsRest } from '../facts/tags-rest';

/** The documented REST paths of DESIGN.md section 4, mounted under /api. */
export function restRoutes(deps: AppDeps) {
  return new Hono<AppEnv>()
    .route('/', factsRest(deps))
    .route('/', tagsRest(deps))
    .route('/', publicRest(deps))
    .route('/', adminRest(deps))
    .route('/', messagesRest(deps))
    .route('/', subscribersRest(deps));
}
