/**
 * Makes or joins the lead of an address (docs/leads.md): one statement, so a form's batch
 * can store the lead with its message (and a booking with its own) in one request. A new
 * address makes a `new` lead; a known one takes the latest name and company (unless
 * `rename` is false: a booking never renames a lead) and its activity moves to now; a lead
 * without a source takes the visit's. Addresses are compared as SQL's lower() does, the
 * unique index's expression.
 */
import { sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { Db } from '#db';
import { insertWhere } from '#db/insert-where';
import { leads } from '#db/schema';

/** The person's fields and the time: a batch's placeholders, or the values themselves. */
export interface Person {
  email: Placeholder | string;
  name: Placeholder | string;
  company: Placeholder | string | null;
  now: Placeholder | Date;
  /**
   * The source the visit is credited to (analytics `visitCredit`), null when it is not
   * counted: a lead keeps the first one it gets, set in this same statement.
   */
  source: Placeholder | string | null;
}

export function joinLead(db: Db, condition: SQL, person: Person, { rename = true } = {}) {
  return insertWhere(
    db,
    leads,
    {
      email: person.email,
      name: person.name,
      company: person.company,
      status: 'new',
      source: person.source,
      createdAt: person.now,
      lastActivityAt: person.now,
    },
    condition,
  ).onConflictDoUpdate({
    target: sql`lower(${sql.identifier('email')})`,
    set: {
      ...(rename && {
        name: sql`excluded.name`,
        company: sql`coalesce(excluded.company, ${leads.company})`,
      }),
      lastActivityAt: sql`max(${leads.lastActivityAt}, excluded.last_activity_at)`,
      source: sql`coalesce(${leads.source}, excluded.source)`,
    },
  });
}

/** The id of the lead of an address, as a subquery. */
export function leadIdOf(email: Placeholder | string): SQL {
  return sql`(select ${leads.id} from ${leads} where lower(${leads.email}) = lower(${email}))`;
}
