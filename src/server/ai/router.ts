import { router } from '#server/http/trpc';
import { adminProcedure } from '#server/identity/sessions/admin-procedure';
import { siteSettings } from '#server/site/site-settings';
import { aiModelOf } from './ask';
import { modelName } from './model';
import { monthOf } from './month';
import { monthUsage } from './usage';
import { outputs } from '#shared/shapes/ai';

export const aiRouter = router({
  /**
   * GET /api/ai/usage: the provider and model in force and this calendar month's tokens (site
   * time zone) against AI_MONTHLY_TOKENS; without AI_PROVIDER, `enabled: false` and nulls.
   */
  usage: adminProcedure
    .meta({ rest: { method: 'GET', path: '/api/ai/usage', answer: 'spread' } })
    .output(outputs.usage)
    .query(async ({ ctx }) => {
      const { timeZone } = await siteSettings(ctx);
      const month = monthOf(ctx.clock.now(), timeZone);
      const ai = ctx.config.ai;
      return {
        enabled: ai !== null,
        provider: ai?.provider ?? null,
        model: ai ? modelName(await aiModelOf(ctx)) : null,
        month: { ...(await monthUsage(ctx.db, month)), limit: ctx.config.aiMonthlyTokens },
      };
    }),
});
