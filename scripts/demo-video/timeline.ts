/**
 * The demo video's script: what the assistant is asked, what it answers, and when (seconds).
 * The demo page (demo-page.html) draws any moment of it; make.ts records it frame by frame and
 * writes the captions from the same cues, so the words and the picture cannot drift apart.
 */

export interface Exchange {
  /** The sidebar entry the question is about (its data-area in demo-page.html). */
  area: string;
  question: string;
  /** The question is typed from `typeAt` to `sendAt`, then sent. */
  typeAt: number;
  sendAt: number;
  /** What the assistant says it is doing while it works. */
  working: string;
  /** The answer appears from `answerAt` on, its text written out over about a second. */
  answerAt: number;
  answer: string;
  /** Which figure follows the answer (drawn by demo-page.html). */
  figure: 'night-temperature' | 'freezer-table' | 'storage-humidity';
  /** What the figure shows, in words, for the captions. */
  figureCaption: string;
}

export const FPS = 25;

export const WIDTH = 1280;
export const HEIGHT = 720;

export const EXCHANGES: readonly Exchange[] = [
  {
    area: 'server-b',
    question: 'What was the temperature in Server Room B last night?',
    typeAt: 1.6,
    sendAt: 4.4,
    working: 'Reading 6 sensors in Server Room B, 22:00 to 06:00…',
    answerAt: 5.8,
    answer:
      'Server Room B stayed between 20.8 °C and 22.6 °C overnight. The peak, 22.6 °C at 02:40, lasted 15 minutes while cooling unit 2 cycled, well inside the 18–27 °C range.',
    figure: 'night-temperature',
    figureCaption: 'A line chart of the night: flat around 21 °C, one short rise at 02:40.',
  },
  {
    area: 'freezers',
    question: 'Which freezers went above -18 °C this week?',
    typeAt: 11.6,
    sendAt: 14.0,
    working: 'Checking 8 freezers, Monday to today…',
    answerAt: 15.4,
    answer: 'Two of the eight freezers went above -18 °C this week; the other six stayed colder.',
    figure: 'freezer-table',
    figureCaption:
      'A table: Freezer 3 reached -15.2 °C on Tuesday at 14:20 for 38 minutes, door left ajar; Freezer 7 reached -17.1 °C on Thursday at 03:10 for 12 minutes, defrost cycle.',
  },
  {
    area: 'storage',
    question: 'How humid were the storage areas today?',
    typeAt: 21.0,
    sendAt: 23.2,
    working: 'Averaging humidity in 4 storage areas since midnight…',
    answerAt: 24.6,
    answer:
      'Storage C averaged 63% relative humidity, above the 60% limit since 11:00. The other areas stayed between 38% and 47%.',
    figure: 'storage-humidity',
    figureCaption:
      'A bar chart: Storage A 42%, Storage B 47%, Storage C 63% in amber above the 60% line, Cold store 38%.',
  },
];

/** The whole video, in seconds: the last figure is held for a few seconds. */
export const DURATION = 32;

export interface Cue {
  start: number;
  end: number;
  text: string;
}

/** The captions: the title, then each question, what the assistant does, says and shows. */
export function captionCues(): Cue[] {
  const cues: Cue[] = [
    {
      start: 0,
      end: EXCHANGES[0]?.sendAt ?? 2,
      text: 'Facility analytics assistant: questions in plain language, answered from live sensor data.',
    },
  ];
  EXCHANGES.forEach((exchange, index) => {
    const next = EXCHANGES[index + 1];
    const end = next ? next.sendAt : DURATION;
    const figureAt = exchange.answerAt + 2;
    cues.push(
      { start: exchange.sendAt, end: exchange.answerAt, text: `Question: ${exchange.question}` },
      { start: exchange.answerAt, end: figureAt, text: `Answer: ${exchange.answer}` },
      { start: figureAt, end, text: exchange.figureCaption },
    );
  });
  return cues;
}

function timestamp(seconds: number): string {
  const ms = Math.round(seconds * 1000);
  const pad = (n: number, width = 2) => String(n).padStart(width, '0');
  const h = Math.floor(ms / 3_600_000);
  const m = Math.floor(ms / 60_000) % 60;
  const s = Math.floor(ms / 1000) % 60;
  return `${pad(h)}:${pad(m)}:${pad(s)}.${pad(ms % 1000, 3)}`;
}

/** The captions as WebVTT. */
export function webVtt(cues: readonly Cue[] = captionCues()): string {
  const blocks = cues.map(
    (cue, i) => `${i + 1}\n${timestamp(cue.start)} --> ${timestamp(cue.end)}\n${cue.text}`,
  );
  return `WEBVTT\n\n${blocks.join('\n\n')}\n`;
}
