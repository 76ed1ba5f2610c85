import type { OpenDaysJob } from '../../../../shared/features/schedule/ports';
import { LocalOpenDaysQueue } from '../../../../shared/local/pipelines/local-open-days';

/** The local open-days queue: entities run side by side; one run per entity at a time; failures alone. */
describe('LocalOpenDaysQueue', () => {
  const gate = () => {
    let open: () => void = () => undefined;
    const opened = new Promise<void>((resolve) => {
      open = resolve;
    });
    return { open, opened };
  };

  it('runs a small entity to the end while a big one is still running, and a failure stops no other', async () => {
    const big = gate();
    const done: string[] = [];
    const started: OpenDaysJob[] = [];
    const queue = new LocalOpenDaysQueue({
      run: async (job) => {
        started.push(job);
        if (job.entityId === 'big') await big.opened;
        if (job.entityId === 'broken') throw new Error('store down');
        done.push(job.entityId);
      },
    });
    await queue.enqueue({ entityId: 'big', after: null });
    await queue.enqueue({ entityId: 'broken', after: null });
    await queue.enqueue({ entityId: 'small', after: null });
    const settle = () => new Promise((resolve) => setImmediate(resolve));
    while (!done.includes('small') || queue.runningEntities.length > 1) await settle();
    expect(done).toEqual(['small']);
    expect(queue.runningEntities).toEqual(['big']);

    // The big entity asked again meanwhile: one more run after its first ends, from the earliest day asked.
    await queue.enqueue({ entityId: 'big', after: '2030-01-05' });
    await queue.enqueue({ entityId: 'big', after: '2030-01-02' });
    expect(started.filter((job) => job.entityId === 'big')).toHaveLength(1);
    big.open();
    while (done.filter((id) => id === 'big').length < 2)
      await new Promise((resolve) => setImmediate(resolve));
    expect(started.filter((job) => job.entityId === 'big')).toEqual([
      { entityId: 'big', after: null },
      { entityId: 'big', after: '2030-01-02' },
    ]);
    await queue.stop();
    expect(queue.runningEntities).toEqual([]);
  });
});
