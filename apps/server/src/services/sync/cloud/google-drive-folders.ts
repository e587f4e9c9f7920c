/**
 * The Drive folder uploads go into: its "/"-separated path looked up (files.list) and created where missing
 * (files.create), once per client, and looked up again after a failure or when Drive no longer knows it.
 */
import { type DriveAuth, driveFetch } from './google-drive-auth.js';
import { apiFailure, idOf, readJson } from './google-drive-errors.js';

const FOLDER_MIME = 'application/vnd.google-apps.folder';

export class DriveFolder {
  private id: Promise<string> | undefined;

  /** `path`: e.g. "Roomcast" or "Lectures/2026" (empty = My Drive root). */
  constructor(
    private readonly auth: DriveAuth,
    private readonly apiUrl: string,
    private readonly path: string,
  ) {}

  /** The folder's id, resolved once and shared by the requests that ask meanwhile. */
  get(signal: AbortSignal | undefined): Promise<string> {
    this.id ??= this.resolve(signal).catch((error: unknown) => {
      this.id = undefined;
      throw error;
    });
    return this.id;
  }

  /** The folder may have been deleted since it was looked up: look again next time. */
  forget(): void {
    this.id = undefined;
  }

  private async resolve(signal: AbortSignal | undefined): Promise<string> {
    let parent = 'root';
    for (const name of this.path.split('/').filter((s) => s.trim() !== '')) {
      parent = (await this.find(name, parent, signal)) ?? (await this.create(name, parent, signal));
    }
    return parent;
  }

  private async find(name: string, parent: string, signal: AbortSignal | undefined): Promise<string | undefined> {
    const q = `name = '${escapeQuery(name)}' and mimeType = '${FOLDER_MIME}' and '${escapeQuery(parent)}' in parents and trashed = false`;
    const url = `${this.apiUrl}/drive/v3/files?${new URLSearchParams({ q, fields: 'files(id,name)' })}`;
    const res = await this.auth.authorized((auth) => driveFetch(url, { headers: auth, signal }), signal);
    if (!res.ok) throw await apiFailure(res);
    const body = (await readJson(res)) as { files?: Array<{ id?: unknown }> } | undefined;
    const id = body?.files?.[0]?.id;
    return typeof id === 'string' ? id : undefined;
  }

  private async create(name: string, parent: string, signal: AbortSignal | undefined): Promise<string> {
    const res = await this.auth.authorized(
      (auth) =>
        driveFetch(`${this.apiUrl}/drive/v3/files`, {
          method: 'POST',
          headers: { ...auth, 'Content-Type': 'application/json; charset=UTF-8' },
          body: JSON.stringify({ name, mimeType: FOLDER_MIME, parents: [parent] }),
          signal,
        }),
      signal,
    );
    if (!res.ok) throw await apiFailure(res);
    return idOf(await readJson(res), 'the new folder');
  }
}

/** Drive's query language quotes with `'` and escapes `\` and `'` with a backslash. */
function escapeQuery(value: string): string {
  return value.replace(/\\/g, '\\\\').replace(/'/g, "\\'");
}
