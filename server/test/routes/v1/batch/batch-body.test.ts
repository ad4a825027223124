import { describe, expect, it } from 'vitest';
import { batchBody, slicedBatchBody, type BatchJob } from '../../../../src/routes/v1/batch/batch-body.js';
import { WIDE_FIELDS } from '../../../wide-fields.js';

describe('slicedBatchBody', () => {
  it('makes a batch of a long fields list byte for byte as batchBody does, in slices with turns of the event loop between them', async () => {
    const job: BatchJob = { seed: 'sliced', fictional: false, start: 17, count: 300, fields: WIDE_FIELDS };
    let turns = 0;
    const turning = setInterval(() => turns++, 0);
    const sliced = await slicedBatchBody(job);
    clearInterval(turning);
    expect(Buffer.from(sliced).equals(Buffer.from(batchBody(job)))).toBe(true);
    // 64 entries count 8 records of quota each: slices of 62 records, 5 slices for 300, 4 turns between them
    // (the timer runs in those turns and after the first slice at the earliest).
    expect(turns).toBeGreaterThanOrEqual(3);
  });

  it('makes any other batch at once, as batchBody does', async () => {
    for (const fields of [undefined, 'id=uuid,email,zip']) {
      const job: BatchJob = { seed: 'once', fictional: true, start: 0, count: 50, fields };
      let turns = 0;
      const turning = setImmediate(() => turns++);
      const body = await slicedBatchBody(job);
      clearImmediate(turning);
      expect(Buffer.from(body).equals(Buffer.from(batchBody(job)))).toBe(true);
      expect(turns).toBe(0);
    }
  });
});
