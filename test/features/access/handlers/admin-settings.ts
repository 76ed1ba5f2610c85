import { services } from '../../../../shared/wiring';
import { viaHandler as call } from '../../../support/api';
import { newEntity } from '../../../support/fixtures';

describe('settings and secrets take effect at once', () => {
  it('a settings change applies to the very next request (the token items carry a copy)', async () => {
    const entity = await newEntity();
    const before = await call('GET', '/api/calendars', { headers: entity.v1 });
    expect(before.json.timestamp).toMatch(/\+0[12]:00$/);
    await services().admin.updateSettings(entity.entity_account_id, {
      timezone: 'America/New_York',
      slot_duration: 60,
    });
    const after = await call('GET', '/api/calendars', { headers: entity.v1 });
    expect(after.json.timestamp).toMatch(/-0[45]:00$/);
    const slots = await call('POST', '/api/v2/calendar-slots/generate', {
      headers: entity.v2,
      body: { date: '2031-01-07' },
    });
    expect(slots.json.data[0]).toMatchObject({ start_time: '09:00:00', end_time: '10:00:00' });
  });

  it('rotation: old tokens are refused at once, new ones work and carry the current settings', async () => {
    const entity = await newEntity();
    await services().admin.updateSettings(entity.entity_account_id, { timezone: 'Asia/Tokyo' });
    const rotated = await services().admin.rotateSecret(
      entity.entity_account_id,
      'a-brand-new-secret-a-brand-new-secret',
    );
    for (const [old, path] of [
      [entity.v1_token, '/api/calendars'],
      [entity.v2_token, '/api/v2/opening-hours'],
    ] as const) {
      expect((await call('GET', path, { headers: { 'Access-Token': old } })).status).toBe(401);
    }
    const fresh = await call('GET', '/api/calendars', { headers: { 'Access-Token': rotated.v1_token } });
    expect(fresh.status).toBe(200);
    expect(fresh.json.timestamp).toMatch(/\+09:00$/);
    expect(
      (await call('GET', '/api/v2/opening-hours', { headers: { 'Access-Token': rotated.v2_token } })).status,
    ).toBe(200);
  });

  it('refuses settings out of bounds and an unknown default calendar, changing nothing', async () => {
    const entity = await newEntity();
    for (const patch of [
      { slot_duration: 4 },
      { max_appointments: 1001 },
      { timezone: 'UTC+1' },
      { default_calendar_id: 999 },
      { country: 'France' },
    ]) {
      await expect(services().admin.updateSettings(entity.entity_account_id, patch)).rejects.toThrow();
    }
    const settings = await services().repos.settings.get(entity.entity_account_id);
    expect(settings).toMatchObject({
      slot_duration: 30,
      max_appointments: 1,
      timezone: 'Europe/Paris',
      country: 'FR',
      default_calendar_id: 1,
      version: 1,
    });
  });
});
