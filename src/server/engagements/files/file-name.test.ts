/** The names shared files are stored and downloaded under. */
import { describe, expect, it } from 'vitest';
import { ENGAGEMENT_FILE_NAME_MAX } from '#shared/engagements/file-rules';
import { cleanFileName } from './file-name';

describe('cleanFileName', () => {
  it('keeps a plain name as it is', () => {
    expect(cleanFileName('Scope v2 (final).pdf', 'pdf')).toBe('Scope v2 (final).pdf');
    expect(cleanFileName('Café menu.JPEG', 'jpg')).toBe('Café menu.JPEG');
  });

  it('drops any path, Windows or Unix', () => {
    expect(cleanFileName('C:\\Users\\me\\Desktop\\plan.md', 'md')).toBe('plan.md');
    expect(cleanFileName('../../etc/passwd.txt', 'txt')).toBe('passwd.txt');
  });

  it('drops control and direction-changing characters', () => {
    expect(cleanFileName('in\u0000voice\r\n.pdf', 'pdf')).toBe('invoice.pdf');
    // Shown with its right-to-left override, "report\u202Egnp.exe" reads "reportexe.png".
    expect(cleanFileName('report\u202Egnp.exe', 'png')).toBe('reportgnp.png');
  });

  it('drops leading dots, so no file is hidden or a path step', () => {
    expect(cleanFileName('.htaccess.txt', 'txt')).toBe('htaccess.txt');
    expect(cleanFileName('...', 'zip')).toBe('file.zip');
    expect(cleanFileName('', 'pdf')).toBe('file.pdf');
  });

  it('replaces the characters Windows refuses', () => {
    expect(cleanFileName('a<b>c:d"e|f?g*.csv', 'csv')).toBe('a_b_c_d_e_f_g_.csv');
  });

  it('ends with the extension of the type the bytes showed', () => {
    expect(cleanFileName('x.pdf', 'png')).toBe('x.png');
    expect(cleanFileName('budget', 'xlsx')).toBe('budget.xlsx');
    expect(cleanFileName('notes.markdown', 'md')).toBe('notes.markdown');
  });

  it('cuts a long name to the limit, keeping its extension and whole characters', () => {
    const name = cleanFileName(`${'😀'.repeat(300)}.docx`, 'docx');
    expect(Array.from(name)).toHaveLength(ENGAGEMENT_FILE_NAME_MAX);
    expect(name.endsWith('😀.docx')).toBe(true);
    // A lone surrogate would come back from UTF-8 as U+FFFD.
    expect(Buffer.from(name).toString('utf8')).toBe(name);
  });
});
