import { describe, expect, it } from 'vitest';
import { placeFact, swapWithNeighbour } from './fact-order';

const list = (...orders: number[]) => orders.map((order, i) => ({ id: i + 1, order }));

describe('swapWithNeighbour', () => {
  it('exchanges the two display orders when the orders are strictly increasing', () => {
    expect(swapWithNeighbour(list(10, 20, 30), 2, 'up')).toEqual([
      { id: 2, order: 10 },
      { id: 1, order: 20 },
      { id: 3, order: 30 },
    ]);
    expect(swapWithNeighbour(list(10, 20, 30), 2, 'down')).toEqual([
      { id: 1, order: 10 },
      { id: 3, order: 20 },
      { id: 2, order: 30 },
    ]);
  });

  it('numbers the list 1..n in its new arrangement when orders tie', () => {
    expect(swapWithNeighbour(list(0, 0, 0), 3, 'up')).toEqual([
      { id: 1, order: 1 },
      { id: 3, order: 2 },
      { id: 2, order: 3 },
    ]);
  });

  it('changes nothing at either end, and answers null for a fact not in the list', () => {
    const facts = list(1, 2);
    expect(swapWithNeighbour(facts, 1, 'up')).toBe(facts);
    expect(swapWithNeighbour(facts, 2, 'down')).toBe(facts);
    expect(swapWithNeighbour(facts, 9, 'up')).toBeNull();
  });
});

describe('placeFact', () => {
  it('puts a fact before or after another and numbers the list 1..n', () => {
    expect(placeFact(list(5, 6, 7, 8), 4, 2, 'before')?.map((f) => [f.id, f.order])).toEqual([
      [1, 1],
      [4, 2],
      [2, 3],
      [3, 4],
    ]);
    expect(placeFact(list(1, 2, 3), 1, 3, 'after')?.map((f) => [f.id, f.order])).toEqual([
      [2, 1],
      [3, 2],
      [1, 3],
    ]);
  });

  it('keeps the list when a fact is placed next to itself, null when either is missing', () => {
    const facts = list(1, 2);
    expect(placeFact(facts, 1, 1, 'after')).toBe(facts);
    expect(placeFact(facts, 1, 9, 'after')).toBeNull();
    expect(placeFact(facts, 9, 1, 'after')).toBeNull();
  });
});
