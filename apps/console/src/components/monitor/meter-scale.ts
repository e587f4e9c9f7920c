import { METER_FLOOR_DB, METER_ZONES_DB } from '@roomcast/contract';

/** How loud a meter reads: green below −18 dBFS, yellow up to −9, red above; silent at digital silence. */
export type MeterZone = 'silent' | 'green' | 'yellow' | 'red';

export function meterZone(db: number | null): MeterZone {
  if (db === null || db <= METER_FLOOR_DB) return 'silent';
  if (db < METER_ZONES_DB.yellow) return 'green';
  if (db <= METER_ZONES_DB.red) return 'yellow';
  return 'red';
}

/** A level's place on the meter, 0-100 % over METER_FLOOR_DB..0 dBFS (−∞ and anything quieter are 0). */
export function meterPercent(db: number | null): number {
  if (db === null || db <= METER_FLOOR_DB) return 0;
  return Math.min(100, Math.round(((db - METER_FLOOR_DB) / -METER_FLOOR_DB) * 1000) / 10);
}

/** The value a meter reports to assistive technology: dBFS within its range, the floor for silence. */
export function meterValue(db: number | null): number {
  if (db === null) return METER_FLOOR_DB;
  return Math.max(METER_FLOOR_DB, Math.min(0, Math.round(db)));
}

/** A level for reading: whole dB with a true minus sign; undefined for digital silence. */
export function formatDb(db: number | null): string | undefined {
  if (db === null) return undefined;
  const whole = Math.round(db);
  return whole < 0 ? `\u2212${-whole}` : String(whole);
}
