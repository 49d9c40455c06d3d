import { router } from '../trpc';
import { adminRouter } from './admin';
import { contactRouter } from './contact';
import { factsRouter } from './facts';
import { messagesRouter } from './messages';
import { newsletterRouter } from './newsletter';
import { subscribersRouter } from './subscribers';
import { tagsRouter } from './tags';

export const appRouter = router({
  admin: adminRouter,
  contact: contactRouter,
  facts: factsRouter,
  messages: messagesRouter,
  newsletter: newsletterRouter,
  subscribers: subscribersRouter,
  tags: tagsRouter,
});

export type AppRouter = typeof appRouter;
