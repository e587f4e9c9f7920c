import type { FollowedOutput } from './following-output.js';
import type { TsFanout } from './ts-fanout.js';

/**
 * An output the service writes itself from a fan-out's MPEG-TS, with no process of its own (the live HLS segments,
 * the RTSP feeds). Started and stopped like a `CopyOutput`, so `FollowingCopyOutput` makes it follow the encoder's
 * restarts. A subclass takes each chunk (`take`: whole packets) and says when it cannot go on (`fail`): the writer
 * then ends and its owner starts another (`onExit`), as when a copy's ffmpeg dies.
 */
export abstract class FanoutWriter implements FollowedOutput {
  private detach: (() => void) | undefined;
  lastError = '';
  onExit: ((code: number | null) => void) | undefined;

  constructor(
    protected readonly fanout: TsFanout,
    protected readonly log: (line: string) => void = () => {},
  ) {}

  get running(): boolean {
    return this.detach !== undefined;
  }

  /** In the service's process: none of its own. */
  get pid(): number | undefined {
    return undefined;
  }

  start(): void {
    if (this.detach) return;
    this.opening();
    this.detach = this.fanout.attach((chunk) => {
      try {
        this.take(chunk);
      } catch (err) {
        // (a sink that throws would be dropped by the fan-out without a word)
        this.fail(err as Error);
      }
    });
  }

  /** Ends: no more chunks, then the subclass finishes what it holds (`closing`). */
  async stop(_opts: { now?: boolean } = {}): Promise<void> {
    this.detach?.();
    this.detach = undefined;
    await this.closing();
  }

  /** Each chunk of the fan-out while running. */
  protected abstract take(chunk: Buffer): void;
  /** Before the first chunk of each start. */
  protected opening(): void {}
  /** After the last chunk, at a stop. */
  protected async closing(): Promise<void> {}
  /** After the last chunk, when it failed (nothing is finished). */
  protected abandoning(): void {}

  /** It cannot go on (a full disk, a socket error): it ends, and its owner starts another. Ignored once stopped. */
  protected fail(err: Error): void {
    this.lastError = err.message;
    this.log(`failed: ${err.message}`);
    if (!this.detach) return;
    this.detach();
    this.detach = undefined;
    this.abandoning();
    this.onExit?.(null);
  }
}
