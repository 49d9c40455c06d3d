/** The call notes' tool (docs/mcp.md, "Tools"): the admin's `callNotes.add`, as the token's administrator. */
import { z } from 'zod/mini';
import { tool } from '../tool';
import { idArg, textArg } from './args';

export const callNoteTools = [
  tool({
    name: 'call_notes_add',
    title: 'Add a call transcript to a lead',
    description:
      'Keeps a call’s transcript (WebVTT, SubRip or plain text) on the lead; with AI on, the notes (summary, decisions, actions, an owner or date the call did not state marked proposed) and a follow-up reply draft, never sent: the administrator finds it in the lead’s reply editor. Sends no mail and changes nothing else.',
    scope: 'leads:write',
    readOnly: false,
    idempotent: false,
    input: z.object({
      id: idArg('lead'),
      text: textArg(
        'The transcript (UTF-8, at most 200 KB; the MCP body limit of 64 KiB applies).',
      ),
      bookingId: z.optional(idArg('call (a booking of this lead)')),
    }),
    run: (input, { caller }) => caller.callNotes.add(input),
  }),
];
