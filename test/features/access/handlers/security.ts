import { viaHandler } from '../../../support/api';
import { ALWAYS_OPEN, futureWorkingDate, mobile, newEntity } from '../../../support/fixtures';
import { clientNamesDrift } from '../../../support/invariants';

const ORIGIN = 'https://www.example.fr';

/**
 * What a security review tried as an attacker would (issue "open to the public, safely"). The public books
 * with a publishable key (the widget on the business's site, the hosted booking page): knowing a client's
 * phone number must not let anyone rewrite that client's names or e-mail (docs/CONTRACT.md#clients). Only
 * the business's own bookings (its secret tokens, a staff session) rename a client.
 */
describe('a public booking that matches a stored client by phone', () => {
  it('never rewrites the client: names and e-mail stay, the appointment keeps what it was booked with', async () => {
    const entity = await newEntity({ hours: ALWAYS_OPEN });
    const date = futureWorkingDate(33);
    const v2 = (path: string, body: unknown, headers = entity.v2) =>
      viaHandler('POST', `/api/v2${path}`, { headers, body });
    const slots = (await v2('/calendar-slots/generate', { date, max_appointments: 5 })).json.data;
    const widget = (await v2('/keys', { name: 'widget', allowed_origins: [ORIGIN] })).json.data.key;
    const hosted = (await v2('/keys', { name: 'page', allowed_origins: [ORIGIN], hosted_page: true })).json
      .data.key;
    const phone = mobile(500);
    const victim = await v2('/appointments', {
      client_name: 'Alice Martin',
      client_phone: phone,
      client_email: 'alice@example.fr',
      slot_id: slots[0].id,
    });
    // Bookings with the victim's phone, other names and an e-mail of the attacker's: through the widget's
    // key and through the hosted page's.
    const attacks = [
      await v2(
        '/appointments',
        {
          client_name: 'Mallory Evil',
          client_phone: phone,
          client_email: 'mallory@evil.example',
          slot_id: slots[1].id,
        },
        { 'Access-Token': widget, Origin: ORIGIN },
      ),
      await v2(
        '/appointments',
        {
          client_name: 'Eve Intruder',
          client_phone: phone,
          client_email: 'eve@evil.example',
          slot_id: slots[2].id,
        },
        { 'Access-Token': hosted, Origin: ORIGIN },
      ),
    ];
    expect([victim.status, ...attacks.map((a) => a.status)]).toEqual([200, 200, 200]);
    const clientId = victim.json.data.client_id;
    expect(attacks.map((a) => a.json.data.client_id)).toEqual([clientId, clientId]);
    const client = await viaHandler('GET', `/api/clients/${clientId}`, { headers: entity.v1 });
    expect(client.json.data).toMatchObject({
      client_firstname: 'Alice',
      client_lastname: 'Martin',
      client_email: 'alice@example.fr',
      appointments_count: 3,
    });
    // Found by her e-mail and names, in the entity's list and in the calendar's, not by the attacker's.
    const ids = async (query: string) =>
      (await viaHandler('GET', `/api/clients${query}`, { headers: entity.v1 })).json.data.map(
        (c: { client_id: number }) => c.client_id,
      );
    const calendar = (await viaHandler('GET', '/api/v2/calendars', { headers: entity.v2 })).json.data[0].id;
    for (const query of [
      '?email=mallory@evil.example',
      '?email=eve@evil.example',
      '?search=evil',
      '?search=intruder',
    ])
      expect(await ids(query)).toEqual([]);
    expect(await ids(`/${calendar}?search=evil`)).toEqual([]);
    expect(await ids('?search=martin')).toEqual([clientId]);
    expect(await ids('?email=alice@example.fr')).toEqual([clientId]);
    expect(await ids(`/${calendar}?search=martin`)).toEqual([clientId]);
    expect(await clientNamesDrift(entity.entity_account_id)).toEqual([]);
    // Each appointment keeps the names and e-mail it was booked with.
    expect(attacks[0]?.json.data).toMatchObject({
      client_name: 'Mallory Evil',
      client_email: 'mallory@evil.example',
    });
    const booked = await viaHandler('GET', `/api/appointments/${attacks[1]?.json.data.id}`, {
      headers: entity.v1,
    });
    expect(booked.json.data).toMatchObject({
      client_firstname: 'Eve',
      client_lastname: 'Intruder',
      client_email: 'eve@evil.example',
    });
  });
});
