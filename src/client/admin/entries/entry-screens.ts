/**
 * What the admin calls each kind of entry, and where its screens are (docs/admin-guide.md,
 * "Case studies and insights"): a list and an editor per kind, under Content. `new` in the
 * editor's address is an entry not yet saved.
 */
import type { EntryKind } from '#shared/entries';
import { ENTRY_KIND_NAMES } from '#shared/entry-paths';

export const NEW_ENTRY_PARAM = 'new';

export const ENTRY_SCREENS = {
  case_study: {
    ...ENTRY_KIND_NAMES.case_study,
    /** In a sentence: "Delete this case study?" */
    lower: 'case study',
    list: '/admin/content/case-studies',
    editor: '/admin/content/case-studies/$id',
  },
  insight: {
    ...ENTRY_KIND_NAMES.insight,
    lower: 'insight',
    list: '/admin/content/insights',
    editor: '/admin/content/insights/$id',
  },
} as const satisfies Record<EntryKind, object>;
