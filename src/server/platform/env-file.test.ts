import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempFolder } from '#tests/support/database';
import { withEnvFile } from './env-file';

function envFile(text: string): string {
  const file = path.join(tempFolder('env-file-'), '.env');
  writeFileSync(file, text);
  return file;
}

describe('withEnvFile', () => {
  it('adds the file’s variables; the real environment wins', () => {
    const file = envFile('# settings\nPORT=4000\nHOST="0.0.0.0"\nMAIL_FROM=site@example.com\n');
    expect(withEnvFile({ PORT: '5000' }, file)).toEqual({
      PORT: '5000',
      HOST: '0.0.0.0',
      MAIL_FROM: 'site@example.com',
    });
  });

  it('keeps an empty real variable over the file’s value', () => {
    const file = envFile('SMTP_URL=smtp://mail.example.com\n');
    expect(withEnvFile({ SMTP_URL: '' }, file).SMTP_URL).toBe('');
  });

  it('leaves out the variables it is told to ignore', () => {
    const file = envFile('ADMIN_PASSWORD=a long password\nDATABASE_PATH=/srv/app.db\n');
    expect(withEnvFile({}, file, { ignore: ['ADMIN_PASSWORD'] })).toEqual({
      DATABASE_PATH: '/srv/app.db',
    });
  });

  it('answers the environment unchanged without a file', () => {
    const env = { PORT: '1' };
    expect(withEnvFile(env, path.join(tempFolder('env-file-'), 'missing.env'))).toBe(env);
  });
});
