import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * The upstream streams on loopback: each connection (`/streams/{plume|onu}/{ON|QC}`) first gets the
 * province's full payload, then what `send` writes; every request is recorded with whether it is still open.
 */
export function fakeStreams() {
  const connections: Array<{
    kind: string;
    province: string;
    url: string;
    res: ServerResponse;
    closed: boolean;
  }> = [];
  let tick = 0;
  const ts = () => new Date(Date.UTC(2026, 10, 22, 10, 0, tick++)).toISOString();
  const payload = (changed: number, province = 'ON') => ({
    province,
    ts: ts(),
    mangedSwitches: Array.from({ length: 3 }, (_, s) => ({
      name: `${province}-SW${s + 1}`,
      mac: `0C0100${s}00000`,
      status: s === changed % 3 && changed % 2 === 1 ? 'provisioning' : 'online',
      firmware: `5.${changed}`,
      ports: [{ port: 1, deviceMac: null, state: 'idle' }],
    })),
  });
  const onuPayload = (province: string) => ({
    province,
    ts: ts(),
    onuDevices: [{ portNumber: 1, macAddress: '3C7A8A000001', state: 'ranging', rxPower: -20.5 }],
    oltDevices: [{ name: `${province}-OLT1`, portNumber: 1, macAddress: '0D0100000000', onuCount: 1 }],
  });
  const server: Server = createServer((req, res) => {
    const [, , kind = '', province = ''] = (req.url ?? '').split('?')[0]!.split('/');
    const connection = { kind, province, url: req.url ?? '', res, closed: false };
    connections.push(connection);
    res.on('close', () => (connection.closed = true));
    res.writeHead(200, { 'content-type': 'text/event-stream' });
    res.write(`data: ${JSON.stringify(kind === 'onu' ? onuPayload(province) : payload(0, province))}\n\n`);
  });
  return {
    connections,
    open: () => connections.filter((connection) => !connection.closed),
    /** Sends an event on every open Plume connection. */
    send(data: unknown, event?: string) {
      for (const { kind, res, closed } of connections)
        if (!closed && kind === 'plume')
          res.write(
            `${event ? `event: ${event}\n` : ''}data: ${typeof data === 'string' ? data : JSON.stringify(data)}\n\n`,
          );
    },
    change: (n: number) => payload(n),
    async listen() {
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    },
    close: () => {
      server.closeAllConnections();
      return new Promise((resolve) => server.close(resolve));
    },
  };
}
