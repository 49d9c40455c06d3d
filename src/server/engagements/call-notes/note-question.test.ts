/**
 * The model's answer about a call read strictly (note-question.ts): an owner or a date is
 * "stated" only when the transcript has those words whole, whatever the model claims.
 */
import { describe, expect, it } from 'vitest';
import { checkedAction, parseNoteAnswer, statedIn } from './note-question';

const TRANSCRIPT = 'Ana: Bobby sends it\nBob:   I will, by   Friday 12 December.';

describe('statedIn', () => {
  it('finds whole words, ignoring case and spacing; not inside another word, not one letter', () => {
    expect(statedIn(TRANSCRIPT, 'bob')).toBe(true);
    expect(statedIn(TRANSCRIPT, 'friday 12 december')).toBe(true);
    expect(statedIn(TRANSCRIPT, 'Bobb')).toBe(false);
    expect(statedIn(TRANSCRIPT, 'Fri')).toBe(false);
    expect(statedIn(TRANSCRIPT, 'Friday 13 December')).toBe(false);
    expect(statedIn(TRANSCRIPT, 'I')).toBe(false);
    expect(statedIn(TRANSCRIPT, 'Carol (.*)')).toBe(false);
  });
});

describe('checkedAction', () => {
  it('marks proposed what the transcript does not state, and keeps the model’s own proposed', () => {
    expect(
      checkedAction(TRANSCRIPT, { what: 'Send', owner: 'Bob', due: 'Friday 12 December' }),
    ).toEqual({ what: 'Send', owner: 'Bob', due: 'Friday 12 December', proposed: false });
    expect(
      checkedAction(TRANSCRIPT, { what: 'Send', owner: 'Bob', due: 'Monday', proposed: false }),
    ).toEqual({ what: 'Send', owner: 'Bob', due: 'Monday', proposed: true });
    expect(
      checkedAction(TRANSCRIPT, { what: 'Send', owner: '', due: null, proposed: true }),
    ).toEqual({
      what: 'Send',
      proposed: true,
    });
    expect(checkedAction(TRANSCRIPT, { what: 'Send' })).toEqual({ what: 'Send', proposed: false });
  });
});

describe('parseNoteAnswer', () => {
  const good = {
    summary: 'S',
    decisions: ['D'],
    actions: [{ what: 'W', owner: 'Bob', due: null }],
    reply: 'R',
  };

  it('reads the object, fenced or not', () => {
    const read = {
      summary: 'S',
      decisions: ['D'],
      actions: [{ what: 'W', owner: 'Bob', proposed: false }],
      reply: 'R',
    };
    expect(parseNoteAnswer(JSON.stringify(good), TRANSCRIPT)).toEqual(read);
    expect(parseNoteAnswer(`\`\`\`json\n${JSON.stringify(good)}\n\`\`\``, TRANSCRIPT)).toEqual(
      read,
    );
  });

  it('is null for anything else: prose, a missing reply, a number for words, an empty action', () => {
    for (const raw of [
      'Here are the notes.',
      JSON.stringify({ ...good, reply: undefined }),
      JSON.stringify({ ...good, decisions: [1] }),
      JSON.stringify({ ...good, actions: [{ what: '  ' }] }),
    ]) {
      expect(parseNoteAnswer(raw, TRANSCRIPT)).toBeNull();
    }
  });
});
