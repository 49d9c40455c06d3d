import { eq } from 'drizzle-orm';
import { randomBytes } from 'node:crypto';
import type { Db } from '#db';
import { oauthClients } from '#db/schema';

/** A registered client as the flow reads it (docs/mcp.md, "OAuth"). */
export interface OAuthClient {
  id: string;
  name: string;
  redirectUris: string[];
}

/** A client id: 128 random bits, public (the client sends it in addresses). */
export const newClientId = () => randomBytes(16).toString('base64url');

export async function findClient(db: Db, id: string): Promise<OAuthClient | null> {
  const row = await db.select().from(oauthClients).where(eq(oauthClients.id, id)).get();
  if (!row) return null;
  const uris: unknown = JSON.parse(row.redirectUris);
  return {
    id: row.id,
    name: row.name,
    redirectUris: Array.isArray(uris) ? uris.filter((uri) => typeof uri === 'string') : [],
  };
}
