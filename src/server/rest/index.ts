import { Hono } from 'hono';
import type { AppEnv } from '../hono-env';
import type { AppDeps } from '../trpc';
import { adminRest } from './admin';
import { factsRest } from './facts';
import { messagesRest } from './messages';
import { publicRest } from './public';
import { subscribersRest } from './subscribers';
import { tagsRest } from './tags';

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
