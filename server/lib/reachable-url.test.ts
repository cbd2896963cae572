import type { NetworkInterfaceInfo } from 'node:os';
import { describe, expect, it } from 'vitest';
import { reachableUrl } from './reachable-url.js';

const iface = (address: string, internal: boolean, family: 'IPv4' | 'IPv6' = 'IPv4') =>
  ({ address, internal, family, netmask: '', mac: '', cidr: null }) as NetworkInterfaceInfo;
const machine = {
  lo: [iface('127.0.0.1', true)],
  eth0: [iface('fe80::1', false, 'IPv6'), iface('192.168.1.20', false)],
  wlan0: [iface('10.0.0.7', false)],
};

describe('reachableUrl', () => {
  it('is PUBLIC_URL when set', () => {
    expect(
      reachableUrl({ publicUrl: 'https://raid.example.fr/', host: '0.0.0.0', port: 3000 }, machine),
    ).toBe('https://raid.example.fr');
  });
  it('is the first network address of the machine when it listens on every interface', () => {
    expect(reachableUrl({ host: '0.0.0.0', port: 3000 }, machine)).toBe('http://192.168.1.20:3000');
    expect(reachableUrl({ host: '::', port: 8080 }, machine)).toBe('http://192.168.1.20:8080');
  });
  it('is localhost when the server listens on this computer only, or has no network', () => {
    expect(reachableUrl({ host: '127.0.0.1', port: 3000 }, machine)).toBe('http://localhost:3000');
    expect(reachableUrl({ host: '0.0.0.0', port: 3000 }, { lo: machine.lo })).toBe('http://localhost:3000');
  });
});
