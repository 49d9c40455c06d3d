import { Card } from './controls';

/** What the admin says where an AI feature would be while the site has no model (docs/ai.md). */
export const AI_OFF_NOTE =
  'AI features are off: the server has no AI_PROVIDER set. To turn them on, set AI_PROVIDER (with AI_API_KEY and AI_MODEL as your provider needs) in the server’s environment and restart it; “Setting up a provider” in docs/ai.md says how, and a local model keeps everything on your machine.';

/**
 * The card an AI feature's place holds without a model (`useAiOff`): its title, and that AI is
 * off and how to turn it on, so an owner learns that the feature exists.
 */
export function AiOffCard({ id, title }: { id: string; title: string }) {
  return (
    <Card labelledBy={id}>
      <h2 id={id} className="mb-2 text-lg font-semibold text-ink">
        {title}
      </h2>
      <p className="text-sm break-words text-muted">{AI_OFF_NOTE}</p>
    </Card>
  );
}
