import { describe, expect, it } from 'vitest';
import { parseDraftAnswer } from './drafts';

describe('parseDraftAnswer', () => {
  it('reads the JSON object (fenced or not), a "Subject:" line, or the text alone', () => {
    expect(
      parseDraftAnswer('```json\n{"subject": " Hi ", "text": "Hello\\n\\nThere"}\n```'),
    ).toEqual({ subject: 'Hi', text: 'Hello\n\nThere' });
    expect(parseDraftAnswer('subject: Hi\n\nHello')).toEqual({ subject: 'Hi', text: 'Hello' });
    expect(parseDraftAnswer('  Hello  ')).toEqual({ subject: null, text: 'Hello' });
  });

  it('is null for broken JSON, another shape, or no text', () => {
    for (const raw of [
      '{"subject": "Hi", "text": ',
      '{"body": "Hello"}',
      '{"text": 3}',
      '   ',
      'Subject: Hi\n  ',
    ]) {
      expect(parseDraftAnswer(raw)).toBeNull();
    }
  });
});
