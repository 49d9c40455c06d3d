import { router } from '../trpc';
import { adminRouter } from './admin';
import { contactRouter } from './contact';
import { factsRouter } from './facts';
import { newsletterRouter } from './newsletter';
import { tagsRouter } from './tags';

export const appRouter = router({
  admin: adminRouter,
  contact: contactRouter,
  facts: factsRouter,
  newsletter: newsletterRouter,
  tags: tagsRouter,
});

export type AppRouter = typeof appRouter;
