import type { Db } from '../open.js';

export interface LayoutSlot {
  index: number;
  type: number;
  channels: number;
  channeldata: string[];
}

export function layoutsRepository(db: Db) {
  const all = db.prepare<[], { idx: number; type: number; channels: number; channeldata: string }>('SELECT * FROM layouts ORDER BY idx');
  const upsert = db.prepare(
    'INSERT INTO layouts (idx, type, channels, channeldata) VALUES (@index, @type, @channels, @channeldata) ON CONFLICT (idx) DO UPDATE SET type = excluded.type, channels = excluded.channels, channeldata = excluded.channeldata',
  );
  const state = db.prepare<[], { current: number; autoswitch: number }>('SELECT current, autoswitch FROM layout_state WHERE id = 1');
  const setCurrent = db.prepare('UPDATE layout_state SET current = ? WHERE id = 1');
  const setAuto = db.prepare('UPDATE layout_state SET autoswitch = ? WHERE id = 1');
  return {
    list: (): LayoutSlot[] =>
      all.all().map((r) => ({ index: r.idx, type: r.type, channels: r.channels, channeldata: JSON.parse(r.channeldata) as string[] })),
    saveAll: (slots: LayoutSlot[]) =>
      db.transaction(() => {
        for (const s of slots) upsert.run({ ...s, channeldata: JSON.stringify(s.channeldata) });
      })(),
    state: () => state.get() ?? { current: 0, autoswitch: 0 },
    setCurrent: (i: number) => setCurrent.run(i),
    setAutoswitch: (on: boolean) => setAuto.run(on ? 1 : 0),
  };
}
