import { readFileSync } from 'node:fs';
import { parseEnv } from 'node:util';

type Env = Record<string, string | undefined>;

/**
 * The settings of a `.env` file (docs/operations.md), merged under the real environment:
 * a variable already set wins over the file. A missing file is no error. `ignore` names
 * variables the file may not set for this program (the admin CLI takes ADMIN_PASSWORD from
 * the real environment only, so a password left in the file never becomes another user's).
 */
export function withEnvFile(
  env: Env,
  file = '.env',
  options: { ignore?: readonly string[] } = {},
): Env {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    if (error instanceof Error && 'code' in error && error.code === 'ENOENT') return env;
    throw error;
  }
  const fromFile = parseEnv(text);
  for (const name of options.ignore ?? []) delete fromFile[name];
  return { ...fromFile, ...env };
}
