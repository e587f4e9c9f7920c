import { PTZ_KEEPALIVE_MS, type CallRequest } from '@roomcast/contract';

export type PtzDirection = 'up' | 'down' | 'left' | 'right';
export type PtzZoom = 'in' | 'out';
/** What a held button drives: a direction or a zoom. */
export type PtzTarget = { controltype: 'direction'; direction: PtzDirection } | { controltype: 'zoom'; zoom: PtzZoom };
export type PtzBody = CallRequest<'remotecontrol'>;

/** The remotecontrol body of a press's start or end. */
export function pressBody(target: PtzTarget, operation: 'start' | 'end', channel: number, speed: number): PtzBody {
  return target.controltype === 'direction'
    ? { controltype: 'direction', channel, direction: { operation, direction: target.direction, speed } }
    : { controltype: 'zoom', channel, zoom: { operation, zoom: target.zoom, speed } };
}

export interface PressDeps {
  /** Sends one call; rejects on failure. */
  send: (body: PtzBody) => Promise<unknown>;
  /** A failed start is shown once (its keep-alives and its end then go quietly). */
  onError: (err: unknown) => void;
  repeat?: (fn: () => void, ms: number) => unknown;
  cancel?: (handle: unknown) => void;
}

/**
 * One press of a PTZ button at a time (spec §4: press starts, release or the pointer leaving ends it). The calls go
 * out one after another, so an end never overtakes its start; while held, the start is repeated every
 * `PTZ_KEEPALIVE_MS` so the service's dead-man timer knows the button is still down.
 */
export class PtzPress {
  private held: { target: PtzTarget; channel: number; speed: number; keepalive: unknown; failed: boolean } | undefined;
  private queue: Promise<unknown> = Promise.resolve();
  private readonly repeat: NonNullable<PressDeps['repeat']>;
  private readonly cancel: NonNullable<PressDeps['cancel']>;

  constructor(private readonly d: PressDeps) {
    this.repeat = d.repeat ?? ((fn, ms) => setInterval(fn, ms));
    this.cancel = d.cancel ?? ((h) => clearInterval(h as ReturnType<typeof setInterval>));
  }

  get active(): PtzTarget | undefined {
    return this.held?.target;
  }

  /** Starts a press; a press already held (another button, another pointer) ends first. */
  press(target: PtzTarget, channel: number, speed: number): void {
    if (this.held) this.release();
    const held = { target, channel, speed, keepalive: undefined as unknown, failed: false };
    this.held = held;
    const start = pressBody(target, 'start', channel, speed);
    this.enqueue(start, held, true);
    held.keepalive = this.repeat(() => {
      if (!held.failed) this.enqueue(start, held, false);
    }, PTZ_KEEPALIVE_MS);
  }

  /** Ends the press, if one is held: the end (a stop at the camera) is always sent. */
  release(): void {
    const held = this.held;
    if (!held) return;
    this.held = undefined;
    this.cancel(held.keepalive);
    this.enqueue(pressBody(held.target, 'end', held.channel, held.speed), held, false);
  }

  private enqueue(body: PtzBody, held: { failed: boolean }, report: boolean): void {
    this.queue = this.queue.then(
      () =>
        this.d.send(body).catch((err: unknown) => {
          if (report && !held.failed) this.d.onError(err);
          if (report) held.failed = true;
        }),
      () => undefined,
    );
  }

  /** Resolves when every call asked for so far has answered (tests). */
  settled(): Promise<unknown> {
    return this.queue;
  }
}
