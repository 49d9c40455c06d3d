export const PRODUCTION_INSTALL = ['npm ci', 'npm run build', 'npm prune --omit=dev'] as const;
export const PRODUCTION_START = 'npm start';
