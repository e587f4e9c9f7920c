/** The part of @hapi/sntp (which ships no types) the service uses. */
declare module '@hapi/sntp' {
  interface TimeOptions {
    host?: string;
    port?: number;
    /** ms; rejects with a "Timeout" error after it. */
    timeout?: number;
    resolveReference?: boolean;
  }
  interface NtpTime {
    /** Round-trip delay (ms). */
    d: number;
    /** Offset of the server's clock from the local one (ms). */
    t: number;
    stratum: string;
    receivedLocally: number;
  }
  const Sntp: { time(options?: TimeOptions): Promise<NtpTime> };
  export default Sntp;
}
