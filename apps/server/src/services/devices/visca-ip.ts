import { createSocket, type Socket } from 'node:dgram';

/** Sony VISCA over IP payload types (the first two bytes of the 8-byte header). */
export const VISCA_IP_TYPE = {
  command: 0x0100,
  inquiry: 0x0110,
  reply: 0x0111,
  deviceSetting: 0x0120,
  control: 0x0200,
  controlReply: 0x0201,
} as const;

/** The control command RESET: the camera sets its expected sequence number back to 0. */
const RESET_PAYLOAD = Buffer.from([0x01]);
/** A control reply "sequence number error": the camera lost count; the next command starts with a RESET. */
const SEQUENCE_ERROR = Buffer.from([0x0f, 0x01]);

/** The 8-byte header (payload type, payload length, sequence number; big-endian) followed by the payload. */
export function viscaIpPacket(type: number, sequence: number, payload: Buffer): Buffer {
  const header = Buffer.alloc(8);
  header.writeUInt16BE(type, 0);
  header.writeUInt16BE(payload.length, 2);
  header.writeUInt32BE(sequence >>> 0, 4);
  return Buffer.concat([header, payload]);
}

/**
 * VISCA over IP (UDP, Sony's framing): one socket for every IP camera. Each camera gets a RESET before its first
 * command (and again after it reports a sequence error), then its commands carry sequence numbers 1, 2, 3 ...
 */
export function viscaOverIp(log: (line: string) => void) {
  const cameras = new Map<string, { sequence: number; needsReset: boolean }>();
  let socket: Socket | undefined;

  function open(): Socket {
    if (socket) return socket;
    const s = createSocket('udp4');
    s.on('message', (msg, from) => {
      const camera = cameras.get(`${from.address}:${from.port}`);
      if (msg.length >= 10 && msg.readUInt16BE(0) === VISCA_IP_TYPE.controlReply && msg.subarray(8, 10).equals(SEQUENCE_ERROR) && camera) {
        camera.needsReset = true;
        log(`VISCA over IP ${from.address}:${from.port}: sequence number error, resetting`);
      }
    });
    s.on('error', (err) => log(`VISCA over IP socket: ${err.message}`));
    s.unref();
    socket = s;
    return s;
  }

  const sendTo = (s: Socket, packet: Buffer, host: string, port: number) =>
    new Promise<void>((resolve, reject) => s.send(packet, port, host, (err) => (err ? reject(err) : resolve())));

  return {
    /** Sends one VISCA command packet (the `8x ... FF` payload) to the camera at host:port. */
    async send(host: string, port: number, payload: Buffer): Promise<void> {
      const s = open();
      const key = `${host}:${port}`;
      let camera = cameras.get(key);
      if (!camera) {
        camera = { sequence: 0, needsReset: true };
        cameras.set(key, camera);
      }
      if (camera.needsReset) {
        camera.needsReset = false;
        camera.sequence = 0;
        await sendTo(s, viscaIpPacket(VISCA_IP_TYPE.control, 0, RESET_PAYLOAD), host, port);
      }
      camera.sequence = (camera.sequence + 1) >>> 0;
      await sendTo(s, viscaIpPacket(VISCA_IP_TYPE.command, camera.sequence, payload), host, port);
    },
    close(): void {
      socket?.close();
      socket = undefined;
      cameras.clear();
    },
  };
}
export type ViscaOverIp = ReturnType<typeof viscaOverIp>;
