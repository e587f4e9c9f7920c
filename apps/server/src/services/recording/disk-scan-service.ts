import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { CHANNEL_CODES } from '@roomcast/contract';
import type { Repositories } from '../../db/repositories/index.js';
import type { Room } from '../room/index.js';
import { probeDurationMs } from '../../media/process-runner.js';
import type { DeviceClock } from '../core/index.js';
import type { RecordingService } from './recording-service.js';

/** What a scan did: recordings finalized (recovered), files adopted into the database, files it lists that are gone. */
export interface ScanCounts {
  recovered: number;
  adopted: number;
  missing: number;
}

const CHANNEL_BY_NAME = new Map(Object.entries(CHANNEL_CODES).map(([n, name]) => [name as string, Number(n)]));
const MEDIA_FILE = /_(HD|SD|CH[1-5]S?)(?:_(\d+))?\.(mp4|ts)$/;

/**
 * `scanfiles`: reconciles the recording storage with the database. Unfinished recordings are finalized,
 * files on disk that the database does not know are adopted (in their recording, or as a new one), and files
 * the database lists but the disk lacks are marked missing (and unmarked when they come back).
 */
export function diskScanService(
  repos: Repositories,
  room: Room,
  recording: RecordingService,
  mediaPath: () => string,
  oplog: (d: string) => void,
  log: (l: string) => void,
  clock: DeviceClock,
) {
  async function run(): Promise<ScanCounts> {
    const recovered = await recording.recover();
    let missing = 0;
    for (const f of repos.recordings.allFiles()) {
      const gone = !existsSync(f.filepath);
      if (gone) missing++;
      if (Boolean(f.missing) !== gone) repos.recordings.setMissing(f.id, gone);
    }
    let adopted = 0;
    const root = join(mediaPath(), 'recordings');
    if (!existsSync(root)) return { recovered, adopted, missing };
    // Real folders and files only: a symbolic link (a USB disk can carry any) may lead outside the storage.
    for (const entry of readdirSync(root, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : 1))) {
      if (!entry.isDirectory()) continue;
      const name = entry.name;
      const dir = join(root, name);
      const files = readdirSync(dir, { withFileTypes: true })
        .filter((f) => f.isFile() && MEDIA_FILE.test(f.name) && !repos.recordings.fileByPath(join(dir, f.name)))
        .map((f) => f.name);
      if (!files.length) continue;
      let rec = repos.recordings.findByDir(dir);
      if (!rec) {
        const started = clock.format(statSync(dir).birthtimeMs || statSync(dir).mtimeMs);
        const id = repos.recordings.insertAdopted({
          title: name,
          name,
          usercode: 'admin',
          useraccount: 'Administrator',
          source: '',
          dir,
          starttime: started,
          stoptime: started,
          note: 'found on disk by a disk scan',
        });
        rec = repos.recordings.find(id)!;
      }
      for (const file of files) {
        const path = join(dir, file);
        const [, code, part] = MEDIA_FILE.exec(file)!;
        repos.recordings.addFile({
          recording_id: rec.id,
          channel: CHANNEL_BY_NAME.get(code!) ?? 10,
          filepath: path,
          title: `${rec.title} ${code}${part ? `_${part}` : ''}`,
          filesize: statSync(path).size,
          starttime: rec.starttime,
          duration_ms: await probeDurationMs(path),
        });
        adopted++;
      }
    }
    return { recovered, adopted, missing };
  }

  return {
    start(): void {
      // A scan already running is this one (the button pressed twice); else the room refuses it while recording.
      if (room.state.scanning && room.state.recording === 'idle' && !room.state.pending) return;
      void room.apply({ type: 'scan.start' });
      void run()
        .then(({ adopted, missing }) => oplog(`disk scan finished: ${adopted} file(s) adopted, ${missing} missing`))
        .catch((err: Error) => log(`disk scan failed: ${err.message}`))
        .finally(() => void room.apply({ type: 'scan.end' }));
    },
    /**
     * The same scan awaited, for auto repair: refused while recording or while another scan runs; a recording
     * cannot start while it runs (`recordScanning`), since recovery finalizes every recording left "recording".
     */
    async scan(): Promise<ScanCounts> {
      void room.apply({ type: 'scan.start' });
      try {
        return await run();
      } finally {
        void room.apply({ type: 'scan.end' });
      }
    },
  };
}
export type DiskScanService = ReturnType<typeof diskScanService>;
