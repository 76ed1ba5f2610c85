import { GetCommand } from '@aws-sdk/lib-dynamodb';
import * as keys from '../../../../shared/db/keys';
import { IdBlocks } from '../../../../shared/features/booking/store/id-blocks';
import { SequenceRepository } from '../../../../shared/features/booking/store/sequence-repository';
import { documentClient } from '../../../../shared/wiring';

/**
 * The booking's ids from blocks reserved ahead (shared/features/booking/store/id-blocks.ts): two processes
 * (two pools over one sequence) and the sequence's other users (slot generation, calendars) never get the
 * same id, however their calls interleave; a pool writes the sequence once per block.
 */
const table = { name: process.env.TABLE_NAME ?? '', doc: documentClient() };

let writes = 0;
const counted = new SequenceRepository({
  name: table.name,
  doc: {
    send: (command: Parameters<typeof table.doc.send>[0]) => {
      writes++;
      return table.doc.send(command);
    },
  } as typeof table.doc,
});

const lastOf = async (entityId: string) =>
  Number(
    (await table.doc.send(new GetCommand({ TableName: table.name, Key: keys.sequence(entityId) }))).Item
      ?.last,
  );

it('hands out each id once across two pools and the plain sequence; a burst on an empty pool reserves one block at a time', async () => {
  writes = 0;
  const entity = 'id-blocks-a';
  const [one, two] = [
    new IdBlocks({ sequence: counted, block: 16 }),
    new IdBlocks({ sequence: counted, block: 16 }),
  ];
  const plain = new SequenceRepository(table);
  // 3 × 40 concurrent calls: each pool's 40 twos need 80 ids = 5 blocks; the plain sequence takes 3 each.
  const taken = (
    await Promise.all(
      Array.from({ length: 40 }, () => [
        one.next(entity, 2),
        two.next(entity, 2),
        plain.next(entity, 3),
      ]).flat(),
    )
  ).flat();
  expect(taken).toHaveLength(40 * 7);
  expect(new Set(taken).size).toBe(taken.length);
  expect(Math.min(...taken)).toBeGreaterThan(0);
  // One reservation at a time per pool: its 40 concurrent callers wait for it (5 blocks each, not 40).
  expect(writes).toBe(10);
  const last = await lastOf(entity);
  expect(last).toBe(16 * 10 + 40 * 3);
  expect(Math.max(...taken)).toBeLessThanOrEqual(last);
});

it('keeps its spares per entity, hands them out in increasing order, and takes what a bigger count lacks', async () => {
  writes = 0;
  const pool = new IdBlocks({ sequence: counted, block: 4 });
  const a = [...(await pool.next('id-blocks-b', 2)), ...(await pool.next('id-blocks-b', 2))];
  expect(a).toEqual([1, 2, 3, 4]);
  expect(writes).toBe(1);
  expect(await pool.next('id-blocks-c', 1)).toEqual([1]);
  expect(await pool.next('id-blocks-b', 3)).toEqual([5, 6, 7]);
  expect(await pool.next('id-blocks-b', 6)).toEqual([8, 9, 10, 11, 12, 13]);
  expect(await pool.next('id-blocks-c', 3)).toEqual([2, 3, 4]);
  expect(writes).toBe(4);
});
