import { proposalStatusValues, type ProposalStatus } from '#shared/address-values';
import { oneOf, pageValue, setOnly } from '../ui/search-values';

/**
 * The Proposals screen's status filter and page as the address holds them (search-values.ts:
 * what is not usable is "not set"). No zod: the route reads them in the router's main chunk.
 */
export interface ProposalSearch {
  page?: number;
  status?: ProposalStatus;
}

export const proposalSearchSchema = {
  parse: (search: Record<string, unknown>): ProposalSearch =>
    setOnly({
      page: pageValue(search['page']),
      status: oneOf(proposalStatusValues, search['status']),
    }),
};
