/**
 * "Send this to a person" (POST /api/assistant/handoff, docs/api.md "The site assistant"): the
 * conversation and the visitor's details as an enquiry. The answer in words: the server's
 * thanks, its messages per field (400), or why it was refused (429, the network).
 */
import type { HandoffInput } from '#shared/assistant';
import type { FieldErrors } from '#client/lib/form-errors';
import { NETWORK_FAILED } from './ask';

export const HANDOFF_PATH = '/api/assistant/handoff';

export type HandoffAnswer =
  | { ok: true; message: string }
  | { ok: false; message: string; fields: FieldErrors };

interface ApiAnswer {
  message?: unknown;
  issues?: { path?: unknown; message?: unknown }[];
}

/** The 400's messages by field (`name`, `email`…; `messages.0.content` is the conversation's). */
function fieldsOf(issues: ApiAnswer['issues']): FieldErrors {
  const fields: FieldErrors = {};
  for (const issue of issues ?? []) {
    if (typeof issue.path !== 'string' || typeof issue.message !== 'string') continue;
    const field = issue.path.split('.')[0] ?? '';
    if (!(field in fields)) fields[field] = issue.message;
  }
  return fields;
}

export async function sendToPerson(input: HandoffInput): Promise<HandoffAnswer> {
  let response: Response;
  let body: ApiAnswer;
  try {
    response = await fetch(HANDOFF_PATH, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(input),
    });
    body = (await response.json()) as ApiAnswer;
  } catch {
    return { ok: false, message: NETWORK_FAILED, fields: {} };
  }
  const message = typeof body.message === 'string' ? body.message : NETWORK_FAILED;
  if (response.ok) return { ok: true, message };
  return { ok: false, message, fields: response.status === 400 ? fieldsOf(body.issues) : {} };
}
