import type { Db } from '../open.js';

/** SQLite's error codes for a file it cannot read as a database: the file is damaged, not the query. */
const DAMAGE_CODES = new Set(['SQLITE_CORRUPT', 'SQLITE_NOTADB', 'SQLITE_CORRUPT_INDEX', 'SQLITE_CORRUPT_VTAB', 'SQLITE_CORRUPT_SEQUENCE']);

/** The most findings integrity_check reports (it stops there): enough to see what is wrong, never a flood. */
const MAX_FINDINGS = 100;

export interface IntegrityReport {
  /** SQLite's findings (integrity_check's lines; the error when it could not read the file); empty: intact. */
  problems: string[];
  /** Rows whose foreign key points nowhere (foreign_key_check). */
  foreignKeys: number;
}

/** Checks and upkeep of the database file itself (auto repair). Nothing here changes a row. */
export function maintenanceRepository(db: Db) {
  return {
    /**
     * `PRAGMA integrity_check` (every page, index and constraint) and `foreign_key_check`. A file damaged so badly
     * that SQLite refuses to read it counts as a finding; any other error (busy, I/O) is thrown.
     */
    integrity(): IntegrityReport {
      try {
        const rows = (db.pragma(`integrity_check(${MAX_FINDINGS})`) as { integrity_check: string }[]).map((r) => r.integrity_check);
        // One finding a line (a row may hold several), without the "*** in database main ***" heading.
        const problems =
          rows.length === 1 && rows[0] === 'ok'
            ? []
            : rows.flatMap((r) => r.split('\n')).filter((l) => l.trim() && !/^\*\*\* in database \w+ \*\*\*$/.test(l.trim()));
        const foreignKeys = problems.length ? 0 : (db.pragma('foreign_key_check') as unknown[]).length;
        return { problems, foreignKeys };
      } catch (err) {
        const code = (err as { code?: string }).code ?? '';
        if (DAMAGE_CODES.has(code)) return { problems: [`${code}: ${(err as Error).message}`], foreignKeys: 0 };
        throw err;
      }
    },
    /**
     * The write-ahead log into the database file, then the log emptied (`wal_checkpoint` FULL, which counts the
     * pages, then TRUNCATE, which frees its space and counts nothing); busy when a reader held it back.
     */
    checkpoint(): { busy: boolean; pages: number } {
      type Row = { busy: number; log: number; checkpointed: number };
      const [full] = db.pragma('wal_checkpoint(FULL)') as Row[];
      const [truncate] = db.pragma('wal_checkpoint(TRUNCATE)') as Row[];
      return { busy: Boolean(full?.busy || truncate?.busy), pages: Math.max(0, full?.checkpointed ?? 0) };
    },
  };
}
export type MaintenanceRepository = ReturnType<typeof maintenanceRepository>;
