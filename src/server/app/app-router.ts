import { router } from '../http/trpc';
import { accountRouter } from '../identity/account/router';
import { adminRouter } from '../identity/sign-in/router';
import { analyticsRouter } from '../analytics/router';
import { auditRouter } from '../audit/router';
import { contactRouter } from '../contact/router';
import { contentRouter } from '../content/router';
import { factsRouter } from '../facts/router';
import { messagesRouter } from '../leads/messages-router';
import { newsletterRouter } from '../newsletter/router';
import { newslettersRouter } from '../newsletter/newsletters-router';
import { passkeysRouter } from '../identity/passkeys/router';
import { subscribersRouter } from '../leads/subscribers-router';
import { tagsRouter } from '../facts/tags-router';
import { usersRouter } from '../identity/administrators/router';
import { secondFactorRouter } from '../identity/second-factors/router';
import { invitationRouter } from '../identity/administrators/invitation-router';

export const appRouter = router({
  account: accountRouter,
  admin: adminRouter,
  analytics: analyticsRouter,
  audit: auditRouter,
  contact: contactRouter,
  content: contentRouter,
  facts: factsRouter,
  invitation: invitationRouter,
  messages: messagesRouter,
  newsletter: newsletterRouter,
  newsletters: newslettersRouter,
  passkeys: passkeysRouter,
  secondFactor: secondFactorRouter,
  subscribers: subscribersRouter,
  tags: tagsRouter,
  users: usersRouter,
});

export type AppRouter = typeof appRouter;
