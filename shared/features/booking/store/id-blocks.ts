import { setNewest } from '../../../core/newest';
import type { IdSource } from '../../schedule';

/** Entities whose spare ids a process keeps at most; the oldest entity's spares are dropped past it. */
const MAX_ENTITIES = 1000;

/**
 * Ids handed out from blocks reserved ahead (docs/CONTRACT.md#two-apis-one-data-model: ids need only be
 * unique within an entity). A booking needs two ids (its appointment's and, for a new client, the
 * client's); reserving `block` at a time takes the sequence's write (one round trip, one write unit) out of
 * all but one booking in `block / 2`. A process (a Lambda container, `npm start`) keeps its spare ids per
 * entity; those it never hands out are simply skipped, as an unused client id already was. So ids stay
 * unique and increase within a process, but two processes book from two blocks: a later booking may have a
 * smaller id than an earlier one made elsewhere (lists sort by date and time first; the id only breaks ties).
 */
export interface IdBlocksDeps {
  /** The entity's id sequence the blocks are reserved from. */
  sequence: IdSource;
  /** Ids reserved at a time (16 when absent). */
  block?: number;
}

export class IdBlocks implements IdSource {
  private readonly spare = new Map<string, number[]>();
  private readonly reserving = new Map<string, Promise<void>>();
  private readonly sequence: IdSource;
  private readonly block: number;

  constructor(deps: IdBlocksDeps) {
    this.sequence = deps.sequence;
    this.block = deps.block ?? 16;
  }

  async next(entityId: string, count = 1): Promise<number[]> {
    for (;;) {
      const spare = this.spare.get(entityId);
      if (spare && spare.length >= count) return spare.splice(0, count);
      // One reservation at a time per entity: concurrent callers wait for it, then take from its block.
      const pending = this.reserving.get(entityId);
      if (pending) await pending;
      else await this.reserve(entityId, Math.max(this.block, count - (spare?.length ?? 0)));
    }
  }

  private async reserve(entityId: string, count: number): Promise<void> {
    const reserving = this.sequence.next(entityId, count).then((reserved) => {
      // Already in order: the sequence only grows, and one reservation at a time runs per entity.
      setNewest(this.spare, entityId, [...(this.spare.get(entityId) ?? []), ...reserved], MAX_ENTITIES);
    });
    this.reserving.set(entityId, reserving);
    try {
      await reserving;
    } finally {
      this.reserving.delete(entityId);
    }
  }
}
