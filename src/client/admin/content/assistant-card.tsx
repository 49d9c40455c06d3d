import { useState } from 'react';
import { Link } from '@tanstack/react-router';
import { trpc } from '#client/lib/trpc';
import { toast } from '#client/ui/toast';
import { Card, Switch } from '../ui/controls';
import { errorMessage } from '../ui/errors';
import { QueryState } from '../ui/query-state';
import { AiOffCard } from '../ui/ai-off';
import { useAiEnabled, useAiOff } from '../ui/use-ai';

/**
 * "Site assistant" on the Content screen (docs/assistant.md, "The switch"): its switch only when
 * the site has a model (`useAiEnabled`); without one, the note that AI is off and how to turn
 * it on, and the switch is never read; while that is unknown, nothing.
 */
export function AssistantSection() {
  const enabled = useAiEnabled();
  const off = useAiOff();
  if (enabled) return <AssistantSettings />;
  return off ? <AiOffCard id="assistant-title" title="Site assistant" /> : null;
}

function AssistantSettings() {
  const settings = trpc.assistant.settings.useQuery();
  return (
    <Card labelledBy="assistant-title">
      <h2 id="assistant-title" className="mb-1 text-xl font-semibold text-ink">
        Site assistant
      </h2>
      <p className="mb-4 text-sm text-muted">
        An &ldquo;Ask a question&rdquo; panel on the home page. It answers only from the
        site&rsquo;s published words, with links to the pages that say so, and offers the form or a
        call when they do not answer. Visitors&rsquo; questions are not kept; the{' '}
        <Link to="/admin/overview" className="underline underline-offset-2">
          Overview
        </Link>{' '}
        counts them.
      </p>
      <QueryState
        query={settings}
        pending="Loading the site assistant..."
        error="Error loading the site assistant"
      >
        {(data) => <AssistantSwitch enabled={data.enabled} />}
      </QueryState>
    </Card>
  );
}

/**
 * Saved as soon as it is flipped (no Save button): the switch shows the server's answer, and
 * a refusal (409 while AI is not set up) stays under it in words until the next try.
 */
export function AssistantSwitch({ enabled }: { enabled: boolean }) {
  const utils = trpc.useUtils();
  const [refusal, setRefusal] = useState<string | null>(null);
  const save = trpc.assistant.saveSettings.useMutation({
    onSuccess: (answer) => {
      setRefusal(null);
      utils.assistant.settings.setData(undefined, answer);
      toast({ title: answer.enabled ? 'Site assistant on' : 'Site assistant off' });
    },
    onError: (error) => setRefusal(errorMessage(error)),
  });
  // While a save is on its way the switch shows what was asked for, then the server's answer.
  // It is not disabled meanwhile (that would take the keyboard's focus away): a flip then
  // is ignored.
  const shown = save.isPending ? save.variables.enabled : enabled;
  return (
    <div className="flex flex-col gap-2">
      <Switch
        isSelected={shown}
        onChange={(next) => {
          if (!save.isPending) save.mutate({ enabled: next });
        }}
        aria-describedby="assistant-status"
      >
        Answer visitors&rsquo; questions from the site&rsquo;s words
      </Switch>
      <p id="assistant-status" className="text-sm text-ink">
        {enabled
          ? 'On: visitors see "Ask a question" on the home page.'
          : 'Off: nothing of it is on the site.'}
      </p>
      {refusal ? (
        <p role="alert" className="text-sm text-red-700 dark:text-red-300">
          {refusal}
        </p>
      ) : null}
    </div>
  );
}
