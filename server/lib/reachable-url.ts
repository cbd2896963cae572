// The address phones in the classroom open: what QR codes and the board's "address" line carry
// (issue 21). A board opened at http://localhost:… must not hand phones a link to themselves.
import { type NetworkInterfaceInfo, networkInterfaces } from 'node:os';

type Interfaces = NodeJS.Dict<NetworkInterfaceInfo[]>;

/**
 * PUBLIC_URL when it is set; else, when the server listens on every interface, the first
 * non-internal IPv4 address of this machine (the one the start banner lists first) with the port;
 * else (HOST=127.0.0.1, or no network) http://localhost with the port.
 */
export function reachableUrl(
  o: { publicUrl?: string; host: string; port: number },
  interfaces: Interfaces = networkInterfaces(),
): string {
  if (o.publicUrl) return o.publicUrl.replace(/\/$/, '');
  if (o.host === '0.0.0.0' || o.host === '::') {
    const lan = Object.values(interfaces)
      .flat()
      .find((i) => i && i.family === 'IPv4' && !i.internal);
    if (lan) return `http://${lan.address}:${o.port}`;
  }
  return `http://localhost:${o.port}`;
}
