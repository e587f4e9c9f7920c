import { EventEmitter } from 'node:events';
import type { Readable } from 'node:stream';
import { buildEncoderArgs, type EncoderPlan } from './encoder-args.js';
import { spawnFfmpeg, type Spawned } from './process-runner.js';
import { TsFanout } from './ts-fanout.js';

const RESTART_DELAY_MS = 300;

/**
 * The composite encoder: one ffmpeg process encoding the HD and SD pictures once; consumers attach to the
 * `hd` and `sd` fan-outs. Supervised: an unexpected exit is logged and the encoder restarts (emitting
 * 'restart' so recordings roll to a new segment). Events: 'log' (line), 'restart', 'exit' (code).
 */
export class Encoder extends EventEmitter {
  readonly hd = new TsFanout();
  readonly sd = new TsFanout();
  private proc: Spawned | undefined;
  private plan: (() => EncoderPlan) | undefined;
  /** Awaited before a restart after an unexpected exit (e.g. to find out which RTSP source was lost). */
  beforeRestart: () => Promise<void> = async () => {};
  private wanted = false;
  private restartTimer: NodeJS.Timeout | undefined;
  restarts = 0;

  get running(): boolean {
    return this.proc !== undefined;
  }

  get pid(): number | undefined {
    return this.proc?.child.pid;
  }

  /** Starts with a plan, or a function giving the current plan (asked again at every restart). */
  start(plan: EncoderPlan | (() => EncoderPlan)): void {
    this.plan = typeof plan === 'function' ? plan : () => plan;
    this.wanted = true;
    if (!this.proc) this.spawn();
  }

  /** Restart with a new plan (layout or settings changed). */
  replan(plan: EncoderPlan | (() => EncoderPlan)): void {
    this.plan = typeof plan === 'function' ? plan : () => plan;
    if (this.proc) this.proc.child.kill('SIGTERM');
  }

  async stop(): Promise<void> {
    this.wanted = false;
    clearTimeout(this.restartTimer);
    const p = this.proc;
    if (!p) return;
    p.child.kill('SIGTERM');
    const timer = setTimeout(() => p.child.kill('SIGKILL'), 3000);
    await p.exited;
    clearTimeout(timer);
  }

  private spawn(): void {
    if (!this.plan) return;
    this.hd.reset();
    this.sd.reset();
    const p = spawnFfmpeg(buildEncoderArgs(this.plan()), 1);
    this.proc = p;
    p.child.stdout!.on('data', (d: Buffer) => this.hd.push(d));
    (p.child.stdio[3] as Readable).on('data', (d: Buffer) => this.sd.push(d));
    let pending = '';
    p.child.stderr!.on('data', (d: Buffer) => {
      pending += d.toString('utf8');
      const lines = pending.split('\n');
      pending = lines.pop() ?? '';
      for (const line of lines) if (line.trim()) this.emit('log', line);
    });
    p.child.on('error', (err) => this.emit('log', `ffmpeg could not start: ${err.message}`));
    void p.exited.then((code) => {
      if (this.proc === p) this.proc = undefined;
      this.emit('exit', code);
      if (!this.wanted) return;
      this.emit('log', `encoder exited (code ${code}); restarting`);
      this.restarts++;
      this.restartTimer = setTimeout(() => {
        void this.beforeRestart()
          .catch(() => undefined)
          .then(() => {
            if (this.wanted && !this.proc) {
              this.spawn();
              this.emit('restart');
            }
          });
      }, RESTART_DELAY_MS);
    });
  }
}
