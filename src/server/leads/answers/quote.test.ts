import { describe, expect, it } from 'vitest';
import { cutQuotedHistory } from './quote';

describe('cutQuotedHistory', () => {
  it('cuts Gmail\u2019s "On ... wrote:" and what follows, also when wrapped over two lines', () => {
    expect(
      cutQuotedHistory(
        'Thanks, Thursday works.\r\n\r\nOn Tue, 3 Mar 2026 at 10:00, Dana <dana@acme.example> wrote:\r\n> Hello Lin,\r\n> happy to help.\r\n',
      ),
    ).toBe('Thanks, Thursday works.');
    expect(
      cutQuotedHistory(
        'Sounds good.\n\nOn Tue, 3 Mar 2026 at 10:00, Acme AI Engineering <\nsite@acme.example> wrote:\n\n> Hello',
      ),
    ).toBe('Sounds good.');
  });

  it('cuts Apple Mail\u2019s and Thunderbird\u2019s forms', () => {
    expect(
      cutQuotedHistory(
        'Yes please.\n\n> On 3 Mar 2026, at 10:00, Dana <d@a.example> wrote:\n>\n> Hello',
      ),
    ).toBe('Yes please.');
    expect(cutQuotedHistory('Great\n\nOn 03/03/2026 10:00, Dana wrote:\n> Hello')).toBe('Great');
  });

  it('cuts Outlook\u2019s divider and its header block, keeping a From: line in the answer', () => {
    expect(
      cutQuotedHistory(
        'Please call me.\n\n-----Original Message-----\nFrom: Dana <d@a.example>\nSent: Tuesday\n\nHello',
      ),
    ).toBe('Please call me.');
    expect(
      cutQuotedHistory(
        'Agreed.\n\n________________________________\nFrom: Dana <d@a.example>\nSent: Tuesday, March 3, 2026 10:00\nTo: Lin\nSubject: Re: AI\n\nHello',
      ),
    ).toBe('Agreed.');
    expect(cutQuotedHistory('From: the team and me, thanks!\nLin')).toBe(
      'From: the team and me, thanks!\nLin',
    );
  });

  it('keeps an answer that quotes nothing, and a quote written between its own lines', () => {
    expect(cutQuotedHistory('  Just a short answer.  \n')).toBe('Just a short answer.');
    expect(cutQuotedHistory('> your price?\nIt is fine.\n\n> trailing')).toBe(
      '> your price?\nIt is fine.',
    );
  });
});
