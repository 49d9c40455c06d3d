import { describe, expect, it } from 'vitest';
import { createPace } from './mail-loop';

const at = (ms: number) => new Date(Date.UTC(2026, 10, 26) + ms);

describe('the bulk pace', () => {
  it('holds the next mail one spacing after the first, then keeps the schedule when a mail goes late', () => {
    const pace = createPace(6_000); // one every 10 ms
    expect(pace.waitMs(at(0))).toBe(0);
    pace.take(at(0));
    expect(pace.waitMs(at(4))).toBe(6);
    // Each mail goes 2 ms after its time, as a timer and a read make it: the schedule holds,
    // so 100 mails take 100 spacings, not 120.
    let now = 0;
    for (let i = 1; i <= 100; i++) {
      now = i * 10 + 2;
      expect(pace.waitMs(at(now))).toBe(0);
      pace.take(at(now));
    }
    expect(pace.waitMs(at(now))).toBe(8);
  });

  it('catches up a mail that went a batch late, so the run keeps its rate', () => {
    const pace = createPace(6_000);
    pace.take(at(0));
    // The next goes 35 ms late (a hand-over rendered a batch meanwhile)...
    pace.take(at(45));
    // ...and the three after it go at once, back on the schedule, then one each 10 ms.
    for (const ms of [45, 46, 47]) {
      expect(pace.waitMs(at(ms))).toBe(0);
      pace.take(at(ms));
    }
    expect(pace.waitMs(at(47))).toBe(3);
  });

  it('starts again from now after a pause, never sending a burst to catch up', () => {
    const pace = createPace(60); // one a second
    pace.take(at(0));
    pace.take(at(60_000));
    expect(pace.waitMs(at(60_000))).toBe(1_000);
    expect(pace.waitMs(at(60_999))).toBe(1);
  });
});
