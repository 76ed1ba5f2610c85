import { viaHandler } from '../../../support/api';
import { ALWAYS_OPEN, futureWorkingDate, mobile, newEntity } from '../../../support/fixtures';

/** What a security review tried as an attacker would (issue "open to the public, safely"). */
describe('a booking that matches a stored client by phone', () => {
  it('never rewrites the client: names and e-mail stay, the appointment keeps what it was booked with', async () => {
    const entity = await newEntity({ hours: ALWAYS_OPEN });
    const date = futureWorkingDate(33);
    const slots = (
      await viaHandler('POST', '/api/v2/calendar-slots/generate', {
        headers: entity.v2,
        body: { date, max_appointments: 5 },
      })
    ).json.data;
    const phone = mobile(500);
    const victim = await viaHandler('POST', '/api/v2/appointments', {
      headers: entity.v2,
      body: {
        client_name: 'Alice Martin',
        client_phone: phone,
        client_email: 'alice@example.fr',
        slot_id: slots[0].id,
      },
    });
    // v2 and v1 bookings with the victim's phone, other names and an e-mail of the attacker's.
    const v2 = await viaHandler('POST', '/api/v2/appointments', {
      headers: entity.v2,
      body: {
        client_name: 'Mallory Evil',
        client_phone: phone,
        client_email: 'mallory@evil.example',
        slot_id: slots[1].id,
      },
    });
    const v1 = await viaHandler('POST', '/api/appointment', {
      headers: entity.v1,
      body: {
        calendar_id: 1,
        slot_id: slots[2].id,
        client_firstname: 'Eve',
        client_lastname: 'Intruder',
        client_phone: phone,
        client_email: 'eve@evil.example',
      },
    });
    expect([victim.status, v2.status, v1.status]).toEqual([200, 200, 200]);
    const clientId = victim.json.data.client_id;
    expect(v2.json.data.client_id).toBe(clientId);
    const client = await viaHandler('GET', `/api/clients/${clientId}`, { headers: entity.v1 });
    expect(client.json.data).toMatchObject({
      client_firstname: 'Alice',
      client_lastname: 'Martin',
      client_email: 'alice@example.fr',
      appointments_count: 3,
    });
    // Found by her e-mail, not by the attacker's.
    const byEmail = await viaHandler('GET', '/api/clients?email=mallory@evil.example', {
      headers: entity.v1,
    });
    expect(byEmail.json.data).toEqual([]);
    const byName = await viaHandler('GET', '/api/clients?search=martin', { headers: entity.v1 });
    expect(byName.json.data.map((c: { client_id: number }) => c.client_id)).toEqual([clientId]);
    // Each appointment keeps the names and e-mail it was booked with.
    expect(v2.json.data).toMatchObject({ client_name: 'Mallory Evil', client_email: 'mallory@evil.example' });
    const v1Appointment = await viaHandler(
      'GET',
      `/api/appointments/${v1.json.data.appointment.appointment_id}`,
      {
        headers: entity.v1,
      },
    );
    expect(v1Appointment.json.data).toMatchObject({
      client_firstname: 'Eve',
      client_email: 'eve@evil.example',
    });
  });
});
