import { calendarFeedService, services } from '../../../../shared/wiring';
import { viaHandler as call } from '../../../support/api';
import { ALWAYS_OPEN, futureWorkingDate, mobile, newEntity } from '../../../support/fixtures';

/** Issue "safe in the open": what the admin CLI's commands do (the CLI calls these very services). */
describe('rotate-secret revokes what the old secret could have made', () => {
  it('ends the feed, lists the keys and webhooks that remain; --revoke-all deletes them', async () => {
    const entity = await newEntity();
    const account = entity.entity_account_id;
    const feed = await call('POST', '/api/v2/calendar-feed', { headers: entity.v2, body: {} });
    const token = new URL(feed.json.data.url).pathname.slice('/feeds/'.length, -'.ics'.length);
    expect(await calendarFeedService().render(token)).not.toBeNull();
    // One staff member's feed too (issue 59 point 5): a new secret ends it with the business's.
    const staffFeed = await call('POST', '/api/v2/calendar-feed', {
      headers: entity.v2,
      body: { calendar_id: 1 },
    });
    const staffToken = new URL(staffFeed.json.data.url).pathname.slice('/feeds/'.length, -'.ics'.length);
    expect(await calendarFeedService().render(staffToken)).not.toBeNull();
    const key = (
      await call('POST', '/api/v2/keys', {
        headers: entity.v2,
        body: { name: 'site', allowed_origins: ['https://shop.example'] },
      })
    ).json.data as { id: string; key: string };
    const hook = await call('POST', '/api/v2/webhooks', {
      headers: entity.v2,
      body: { url: 'http://127.0.0.1:9/hook' },
    });
    expect(hook.status).toBe(200);

    const rotated = await services().admin.rotateSecret(account);
    expect(rotated.calendar_feed_ended).toBe(true);
    expect(await calendarFeedService().render(token)).toBeNull();
    expect(await calendarFeedService().render(staffToken)).toBeNull();
    expect(rotated.remaining.publishable_keys.map((k) => k.id)).toEqual([key.id]);
    expect(rotated.remaining.webhooks).toEqual([{ id: hook.json.data.id, url: 'http://127.0.0.1:9/hook' }]);
    expect(rotated.revoked).toEqual({ publishable_keys: [], webhooks: [] });
    const pk = { 'Access-Token': key.key };
    expect((await call('GET', '/api/v2/opening-hours', { headers: pk })).status).toBe(200);
    const owner = { 'Access-Token': rotated.v2_token };
    expect((await call('GET', '/api/v2/calendar-feed', { headers: owner })).json.data).toEqual({
      exists: false,
      created_at: null,
    });

    const all = await services().admin.rotateSecret(account, undefined, true);
    expect(all.calendar_feed_ended).toBe(false);
    expect(all.revoked).toEqual({ publishable_keys: [key.id], webhooks: [hook.json.data.id] });
    expect(all.remaining).toEqual({ publishable_keys: [], webhooks: [] });
    expect((await call('GET', '/api/v2/opening-hours', { headers: pk })).status).toBe(401);
    const latest = { 'Access-Token': all.v2_token };
    expect((await call('GET', '/api/v2/webhooks', { headers: latest })).json.data).toEqual([]);
    expect((await call('GET', '/api/v2/keys', { headers: latest })).json.data).toEqual([]);
  });
});

describe('add-closure and remove-closure close and reopen slots as the API does', () => {
  it('closes the open slots, counts the booked ones, and reopens only what it closed', async () => {
    const entity = await newEntity({ hours: ALWAYS_OPEN });
    const account = entity.entity_account_id;
    const date = futureWorkingDate(20);
    const slots = (
      await call('POST', '/api/v2/calendar-slots/generate', { headers: entity.v2, body: { date } })
    ).json.data as Array<{ id: number }>;
    const [booked, byHand] = slots as [{ id: number }, { id: number }];
    const booking = await call('POST', '/api/v2/appointments', {
      headers: entity.v2,
      body: { client_name: 'Jeanne Durand', client_phone: mobile(801), slot_id: booked.id },
    });
    expect(booking.status).toBe(200);
    await call('POST', '/api/v2/calendar-slots/update', {
      headers: entity.v2,
      body: { slot_id: byHand.id, status: 'closed' },
    });

    const added = await services().admin.addClosureDay(account, date, 'Audit');
    expect(added).toEqual({
      date,
      name: 'Audit',
      closed_slots: slots.length - 1,
      booked_appointments: 1,
    });
    const listed = await call('GET', `/api/v2/calendar-slots?date=${date}&available=true`, {
      headers: entity.v2,
    });
    expect(listed.json.data).toEqual([]);
    const refused = await call('POST', '/api/v2/appointments', {
      headers: entity.v2,
      body: { client_name: 'Marc Petit', client_phone: mobile(802), slot_id: slots[2]?.id },
    });
    expect([refused.status, refused.json.message]).toEqual([409, 'slot not available: closed']);

    expect(await services().admin.removeClosureDay(account, date)).toBe(true);
    const after = (await call('GET', `/api/v2/calendar-slots?date=${date}`, { headers: entity.v2 })).json
      .data as Array<{ id: number; status: string }>;
    expect(after.filter((s) => s.status === 'closed').map((s) => s.id)).toEqual([byHand.id]);
  });
});
