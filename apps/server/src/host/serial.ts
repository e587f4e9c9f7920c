import { SerialPort } from 'serialport';

/** An open serial port (RS-232 or RS-485 device, or a pseudo-terminal in tests): 8 data bits, no parity, 1 stop bit. */
export interface SerialLine {
  readonly path: string;
  readonly isOpen: boolean;
  /** Resolves when the bytes have left the driver (tcdrain), so a caller knows they are on the line. */
  write(bytes: Buffer): Promise<void>;
  close(): Promise<void>;
}

export interface SerialHandlers {
  /** Bytes read from the port. */
  data?: (chunk: Buffer) => void;
  /** The port closed on its own (device unplugged, read error). Not called after `close()`. */
  lost?: (error: Error) => void;
}

/** Opens a serial device; the serialport package sets the speed and raw 8N1 mode through termios. */
export type OpenSerial = (path: string, baudRate: number, handlers: SerialHandlers) => Promise<SerialLine>;

export const openSerialLine: OpenSerial = (path, baudRate, handlers) =>
  new Promise((resolve, reject) => {
    const port = new SerialPort({ path, baudRate, dataBits: 8, parity: 'none', stopBits: 1, autoOpen: false });
    let closing = false;
    port.open((err) => {
      if (err) return reject(err);
      if (handlers.data) port.on('data', handlers.data);
      port.on('close', (e: Error | null) => {
        if (!closing) handlers.lost?.(e ?? new Error(`${path} closed`));
      });
      // An error after opening (e.g. a failed write) is answered by the write's own callback; never crash on it.
      port.on('error', () => undefined);
      resolve({
        path,
        get isOpen() {
          return port.isOpen;
        },
        write: (bytes) =>
          new Promise<void>((done, fail) => {
            port.write(bytes, (e) => {
              if (e) return fail(e);
              port.drain((d) => (d ? fail(d) : done()));
            });
          }),
        close: () =>
          new Promise<void>((done) => {
            closing = true;
            if (!port.isOpen) return done();
            port.close(() => done());
          }),
      });
    });
  });
