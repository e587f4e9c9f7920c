import { createSocket } from 'node:dgram';

const NTP_EPOCH_OFFSET_S = 2208988800;

function writeTimestamp(ms: number, buf: Buffer, at: number): void {
  buf.writeUInt32BE(Math.floor(ms / 1000) + NTP_EPOCH_OFFSET_S, at);
  buf.writeUInt32BE(Math.round(((ms % 1000) / 1000) * 2 ** 32) >>> 0, at + 4);
}

/**
 * A loopback SNTP server (RFC 4330) for tests and browser tests: answers every request with the machine's time plus `aheadMs`, as a
 * stratum-1 server would; `broken` answers a packet no client may accept (client mode instead of server mode).
 */
export async function startNtpServer(opts: { aheadMs: number; broken?: boolean }) {
  const socket = createSocket('udp4');
  let requests = 0;
  socket.on('message', (req, from) => {
    if (req.length < 48) return;
    requests++;
    const now = Date.now() + opts.aheadMs;
    const res = Buffer.alloc(48);
    res[0] = (0 << 6) | (4 << 3) | (opts.broken ? 3 : 4); // LI 0, version 4, mode 4 (server)
    res[1] = 1; // stratum 1
    res[2] = req[2] ?? 6;
    res[3] = 0xec; // precision
    res.write('LOOP', 12, 'ascii'); // reference id of a stratum-1 server
    writeTimestamp(now, res, 16); // reference
    req.copy(res, 24, 40, 48); // originate = the client's transmit timestamp, byte for byte
    writeTimestamp(now, res, 32); // receive
    writeTimestamp(now, res, 40); // transmit
    socket.send(res, from.port, from.address);
  });
  await new Promise<void>((resolve) => socket.bind(0, '127.0.0.1', resolve));
  return {
    port: socket.address().port,
    requests: () => requests,
    close: () => new Promise<void>((resolve) => socket.close(() => resolve())),
  };
}
