import { describe, expect, it } from 'vitest';
import { CSR_NAMES_MAX, namesIssue, requestNames, splitNames } from './certificate-names';

describe('the names of a certificate request', () => {
  it('reads a list or comma text, in order, each name once', () => {
    expect(splitNames(' Roomcast.local, 10.0.0.5\nroom-7.campus.example ;roomcast.LOCAL  ')).toEqual([
      'roomcast.local',
      '10.0.0.5',
      'room-7.campus.example',
    ]);
    expect(splitNames(' , \n')).toEqual([]);
  });

  it('needs at least one name, each a host name or an IPv4 address, at most 20', () => {
    expect(namesIssue([])).toEqual({ kind: 'none' });
    expect(namesIssue(['roomcast.local', '10.0.0.5', '*.campus.example'])).toBeUndefined();
    expect(namesIssue(['roomcast.local', 'bad_name', '-x.example', 'fe80::1'])).toEqual({
      kind: 'invalid',
      names: ['bad_name', '-x.example', 'fe80::1'],
    });
    const many = Array.from({ length: CSR_NAMES_MAX + 1 }, (_, i) => `room${i}.example`);
    expect(namesIssue(many.slice(0, CSR_NAMES_MAX))).toBeUndefined();
    expect(namesIssue(many)).toEqual({ kind: 'tooMany', max: 20 });
  });

  it("offers the certificate's DNS names and IPv4 addresses, without loopback or IPv6 ones", () => {
    expect(
      requestNames(['DNS:box7', 'DNS:roomcast.local', 'DNS:localhost', 'IP:127.0.0.1', 'IP:10.0.0.5', 'IP:FE80:0:0:0:0:0:0:1', 'DNS:Box7']),
    ).toEqual(['box7', 'roomcast.local', '10.0.0.5']);
  });
});
