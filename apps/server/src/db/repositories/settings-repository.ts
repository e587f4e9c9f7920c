import type { Db } from '../open.js';

/** Stored setting values; a key never written is absent and reads as its contract default. */
export function settingsRepository(db: Db) {
  const byCode = db.prepare<[string], { key: string; value: string }>('SELECT key, value FROM settings WHERE code = ?');
  const upsert = db.prepare(
    'INSERT INTO settings (code, key, value) VALUES (?, ?, ?) ON CONFLICT (code, key) DO UPDATE SET value = excluded.value',
  );
  return {
    read: (code: string): Record<string, string> => Object.fromEntries(byCode.all(code).map((r) => [r.key, r.value])),
    /** Writes every code's values in one transaction. */
    writeAll: (writes: { code: string; values: Record<string, string> }[]) =>
      db.transaction(() => {
        for (const w of writes) for (const [k, v] of Object.entries(w.values)) upsert.run(w.code, k, v);
      })(),
  };
}
export type SettingsRepository = ReturnType<typeof settingsRepository>;
