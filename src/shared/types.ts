/**
 * Shapes the API sends (DESIGN.md section 4), shared with the client. Dates travel as
 * ISO 8601 strings with a time zone, never as Date objects, so REST and tRPC answer alike.
 */
export interface Fact {
  id: number;
  factText: string;
  source: string;
  order: number;
  active: boolean;
  factDate: string | null;
  createdAt: string;
}

export interface Tag {
  id: number;
  name: string;
  createdAt: string;
}

export type FactWithTags = Fact & { tags: Tag[] };

/** What visitors see of a fact: no order, flags or dates. */
export type PublicFact = Pick<Fact, 'id' | 'factText' | 'source'>;
