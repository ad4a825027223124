import { describe, expect, it } from 'vitest';
import { keepTickShape, tickShapeHeld } from '../../src/runtime/tick-shape.js';

describe('keepTickShape', () => {
  it('holds a tick object once, and ticks keep running in order afterwards', async () => {
    keepTickShape();
    keepTickShape();
    expect(tickShapeHeld()).toBe(true);
    const order: number[] = [];
    await new Promise<void>((resolve) => {
      process.nextTick(() => order.push(1));
      process.nextTick(() => order.push(2));
      process.nextTick(resolve);
    });
    expect(order).toEqual([1, 2]);
  });
});
