import type { McpTool } from '../tool';
import { businessTools } from './business';
import { callNoteTools } from './call-notes';
import { contentTools } from './content';
import { engagementTools } from './engagements';
import { invoiceTools } from './invoices';
import { leadTools } from './leads';
import { newsletterTools } from './newsletter';
import { proposalTools } from './proposals';

/**
 * Every tool of the MCP endpoint, in the order clients list them (docs/mcp.md, "Tools"). None
 * sends mail, publishes, deletes, or touches administrators or settings: a tool reaches only
 * the procedures its code calls.
 */
export const MCP_TOOLS: readonly McpTool[] = [
  ...leadTools,
  ...businessTools,
  ...contentTools,
  ...newsletterTools,
  ...proposalTools,
  ...invoiceTools,
  ...callNoteTools,
  ...engagementTools,
];
