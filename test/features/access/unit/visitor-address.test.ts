import {
  requestVisitor,
  viewerAddressOf,
  visitorOf,
} from '../../../../shared/features/access/domain/visitor-address';

describe('the visitor is the viewer (issue 58, point 1)', () => {
  test.each([
    ['198.51.100.7:46532', '198.51.100.7'],
    ['2001:db8:0:1::7:46532', '2001:db8:0:1::7'],
    ['[2001:db8::1]:443', '2001:db8::1'],
    [' 203.0.113.9:1 ', '203.0.113.9'],
    ['198.51.100.7', undefined],
    ['198.51.100.7:', undefined],
    ['198.51.100.7:port', undefined],
    ['not-an-address:80', undefined],
    [':80', undefined],
    ['', undefined],
    [undefined, undefined],
  ])('CloudFront-Viewer-Address %p names %p', (header, address) => {
    expect(viewerAddressOf(header)).toBe(address);
  });

  test.each([
    ['203.0.113.9', '203.0.113.9'],
    ['::ffff:127.0.0.2', '127.0.0.2'],
    ['2001:db8:0:1::7', '2001:db8:0:1::/64'],
    ['2001:0DB8:0000:0001:ffff:ffff:ffff:ffff', '2001:db8:0:1::/64'],
    ['2001:db8::', '2001:db8:0:0::/64'],
    ['::1', '0:0:0:0::/64'],
    ['2001:db8:0:2::7', '2001:db8:0:2::/64'],
    ['unknown', 'unknown'],
  ])('%p is the visitor %p (IPv6: one per /64)', (address, visitor) => {
    expect(visitorOf(address)).toBe(visitor);
  });

  it('believes CloudFront-Viewer-Address only through the edge, and falls back to the source', () => {
    const viewerHeader = '2001:db8:aa:bb:1:2:3:4:5000';
    expect(requestVisitor({ sourceIp: '130.176.1.1', viewerHeader, throughEdge: true })).toBe(
      '2001:db8:aa:bb::/64',
    );
    expect(requestVisitor({ sourceIp: '130.176.1.1', viewerHeader, throughEdge: false })).toBe('130.176.1.1');
    expect(requestVisitor({ sourceIp: '130.176.1.1', viewerHeader: 'junk', throughEdge: true })).toBe(
      '130.176.1.1',
    );
    expect(requestVisitor({ sourceIp: '', viewerHeader: undefined, throughEdge: false })).toBe('unknown');
  });
});
