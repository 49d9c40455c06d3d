import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The project root, whatever directory the tests are started from. */
export const PROJECT_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
