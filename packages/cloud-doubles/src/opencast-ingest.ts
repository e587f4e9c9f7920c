/**
 * The Opencast double's ingest service: `createMediaPackage`, `addDCCatalog`, `addTrack` and `addCatalog` (multipart
 * in Opencast's order, the file streamed to disk with busboy) and `ingest`, over media packages that travel as XML
 * (`opencast-mediapackage.ts`). What `ingest` is handed is kept for tests; the next track can be cut on demand.
 */
import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, readFile } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { basename, join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { Answer, formParser } from './opencast-http.js';
import { readPackageXml, renderPackage, type StoredPackage, workflowXml } from './opencast-mediapackage.js';

export interface FakeIngest {
  mediaPackageId: string;
  workflowDefinitionId: string;
  /** Every form field of the ingest call but the media package. */
  params: Record<string, string>;
  catalogs: { flavor: string; xml: string }[];
  tracks: { flavor: string; filename: string; path: string; size: number; tags: string[]; mimetype: string }[];
}

export interface FakeIngestOptions {
  /** Where ingested tracks are written. */
  dir: string;
  /** The double's base URL, for the elements' URLs. */
  url: () => string;
  /** The double's counters: each track whose bytes start arriving counts. */
  stats: { tracksStarted: number };
}

export class FakeIngestService {
  /** Media packages handed to `ingest`. */
  readonly ingests: FakeIngest[] = [];
  private readonly packages = new Map<string, StoredPackage>();
  private workflowIds = 0;
  private interruptAfter: number | undefined;

  constructor(private readonly o: FakeIngestOptions) {}

  /** The next addTrack's connection is cut after this many bytes of the file. */
  interruptNextTrack(afterBytes: number): void {
    this.interruptAfter = afterBytes;
  }

  createMediaPackage(res: ServerResponse): string {
    const mp: StoredPackage = { id: randomUUID(), start: new Date().toISOString().replace(/\.\d{3}/, ''), elements: new Map() };
    this.packages.set(mp.id, mp);
    res.setHeader('content-type', 'text/xml');
    return renderPackage(mp, []);
  }

  addCatalog(form: Record<string, string>, res: ServerResponse): string {
    const { mp, ids } = this.packageOf(form.mediaPackage);
    const dc = form.dublinCore ?? '';
    if (!dc.includes('dublincore') || !form.flavor) throw new Answer(400, 'Invalid catalog');
    const id = randomUUID();
    mp.elements.set(id, {
      id,
      kind: 'catalog',
      flavor: form.flavor,
      mimetype: 'text/xml',
      url: `${this.o.url()}/files/${mp.id}/${id}/dublincore.xml`,
      text: dc,
    });
    res.setHeader('content-type', 'text/xml');
    return renderPackage(mp, [...ids, id]);
  }

  /** A track: multipart in Opencast's order, `mediaPackage`, `flavor` (and `tags`) before the `BODY` file. */
  addTrack(req: IncomingMessage, res: ServerResponse): Promise<string> {
    return this.addFile('track', req, res);
  }

  /** A catalog as a file (`/ingest/addCatalog`: an MPEG-7 catalog, say), in the same multipart form; kept as text. */
  addCatalogFile(req: IncomingMessage, res: ServerResponse): Promise<string> {
    return this.addFile('catalog', req, res);
  }

  /** The file of `addTrack` or `addCatalog`, streamed to disk. */
  private async addFile(kind: 'track' | 'catalog', req: IncomingMessage, res: ServerResponse): Promise<string> {
    const fields: Record<string, string> = {};
    let stored: { path: string; filename: string; size: number; id: string; mp: StoredPackage; ids: string[] } | undefined;
    let failure: Answer | undefined;
    let written: Promise<void> = Promise.resolve();
    const cut = this.interruptAfter;
    this.interruptAfter = undefined;
    await new Promise<void>((resolve, reject) => {
      const parser = formParser(req, fields);
      parser.on('file', (name, file, info) => {
        if (stored || name !== 'BODY') {
          file.resume();
          return;
        }
        let target: { mp: StoredPackage; ids: string[] };
        try {
          if (!fields.flavor) throw new Answer(400, 'flavor must come before the file');
          target = this.packageOf(fields.mediaPackage);
        } catch (err) {
          failure = err as Answer;
          file.resume();
          return;
        }
        if (kind === 'track') this.o.stats.tracksStarted++;
        const id = randomUUID();
        const filename = basename(info.filename || 'track');
        const dir = join(this.o.dir, target.mp.id, id);
        const path = join(dir, filename);
        const entry = { path, filename, size: 0, id, ...target };
        stored = entry;
        file.on('data', (chunk: Buffer) => {
          entry.size += chunk.length;
          if (cut !== undefined && entry.size >= cut) req.socket.destroy();
        });
        file.pause();
        written = mkdir(dir, { recursive: true }).then(() => pipeline(file, createWriteStream(path)));
        written.catch(reject);
      });
      parser.on('close', resolve);
      parser.on('error', reject);
      req.on('aborted', () => reject(new Error('aborted')));
      req.pipe(parser);
    });
    await written;
    if (failure) throw failure;
    if (!stored) throw new Answer(400, `No ${kind}`);
    const { mp, ids, id, path, filename, size } = stored;
    mp.elements.set(id, {
      id,
      kind,
      flavor: fields.flavor,
      mimetype:
        kind === 'catalog' ? 'text/xml' : filename.endsWith('.ts') ? 'video/mp2t' : filename.endsWith('.vtt') ? 'text/vtt' : 'video/mp4',
      ...(kind === 'catalog' ? { text: await readFile(path, 'utf8') } : {}),
      // Opencast's `tags` field: comma-separated (subtitles carry lang:…, generator-type:…, type:…).
      tags: (fields.tags ?? '')
        .split(',')
        .map((t) => t.trim())
        .filter(Boolean),
      url: `${this.o.url()}/files/${mp.id}/${id}/${encodeURIComponent(filename)}`,
      path,
      filename,
      size,
    });
    res.setHeader('content-type', 'text/xml');
    return renderPackage(mp, [...ids, id]);
  }

  ingest(form: Record<string, string>, res: ServerResponse): string {
    const { mp, ids } = this.packageOf(form.mediaPackage);
    const { mediaPackage: _, ...params } = form;
    const named = ids.map((id) => mp.elements.get(id)!);
    this.ingests.push({
      mediaPackageId: mp.id,
      workflowDefinitionId: form.workflowDefinitionId ?? '',
      params,
      catalogs: named.filter((e) => e.kind === 'catalog').map((e) => ({ flavor: e.flavor, xml: e.text ?? '' })),
      tracks: named
        .filter((e) => e.kind === 'track')
        .map((e) => ({
          flavor: e.flavor,
          filename: e.filename ?? '',
          path: e.path ?? '',
          size: e.size ?? 0,
          tags: e.tags ?? [],
          mimetype: e.mimetype,
        })),
    });
    res.setHeader('content-type', 'text/xml');
    return workflowXml(++this.workflowIds, mp, form.workflowDefinitionId ?? '', ids);
  }

  /** The stored package an XML names, and the element ids it names (all known, or 400). */
  private packageOf(xml: string | undefined): { mp: StoredPackage; ids: string[] } {
    const read = readPackageXml(xml);
    const mp = read && this.packages.get(read.id);
    if (!read || !mp || read.elements.some((id) => !mp.elements.has(id))) throw new Answer(400, 'Invalid media package');
    return { mp, ids: read.elements };
  }
}
