import { contactEmail, holdersOf } from '../../../../shared/features/booking/domain/live-caps';

describe('live caps: who holds a publishable key’s booking (issue 58, point 2)', () => {
  test.each([
    ['victim+a@example.org', 'victim@example.org'],
    [' VICTIM@Example.ORG ', 'victim@example.org'],
    ['victim+b+c@example.org', 'victim@example.org'],
    ['plain@example.org', 'plain@example.org'],
  ])('the e-mail %p is the contact %p', (email, contact) => {
    expect(contactEmail(email)).toBe(contact);
  });

  it('holds the visitor, the phone and the e-mail, each with its cap; 0 is no cap; defaults 3 and 3', () => {
    const booking = { visitor: '2001:db8:1:2::/64', phone: '+33612345678', email: 'Jo+x@example.org' };
    expect(holdersOf({}, booking)).toEqual([
      { scope: 'visitor', who: '2001:db8:1:2::/64', cap: 3 },
      { scope: 'contact', who: 'phone:+33612345678', cap: 3 },
      { scope: 'contact', who: 'email:jo@example.org', cap: 3 },
    ]);
    expect(
      holdersOf({ max_live_bookings_per_visitor: 0, max_live_bookings_per_contact: 5 }, booking),
    ).toEqual([
      { scope: 'contact', who: 'phone:+33612345678', cap: 5 },
      { scope: 'contact', who: 'email:jo@example.org', cap: 5 },
    ]);
    expect(holdersOf({ max_live_bookings_per_contact: 0 }, { ...booking, email: null })).toEqual([
      { scope: 'visitor', who: '2001:db8:1:2::/64', cap: 3 },
    ]);
    expect(
      holdersOf({ max_live_bookings_per_visitor: 0, max_live_bookings_per_contact: 0 }, booking),
    ).toEqual([]);
  });
});
