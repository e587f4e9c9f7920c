import { z } from 'zod';
import { LIMITS } from '../limits.js';
import { anyOf } from '../permissions.js';
import { boolText, defineSetting, enumText, intText, settingKey as key, timeText, when, withMeta } from './define.js';
import { ruleIssue } from './rules.js';
import { pathText } from './values.js';

const dur = LIMITS.maxDurationHours;
const NUMBER_LIKE = /^[+-]?\d+(\.\d*)?$/;

/**
 * Spec §5: a number must be a whole 1-15, but anything non-numeric falls back to 10 — so it passes here and
 * `normalize` replaces it (an error would contradict the spec's fallback).
 */
const maxDurationText = withMeta(
  z
    .string()
    .trim()
    .max(32, 'must be at most 32 characters')
    .refine((v) => !NUMBER_LIKE.test(v) || /^\d+$/.test(v), 'must be a whole number of hours')
    .refine((v) => !/^\d+$/.test(v) || (Number(v) >= dur.min && Number(v) <= dur.max), `must be between ${dur.min} and ${dur.max}`),
  { kind: 'int', min: dur.min, max: dur.max },
);

/** Part of every recording's file name: no whitespace (stripped), no path separators, never a hidden file. */
const filePrefixText = withMeta(
  z
    .string()
    .transform((v) => v.replace(/\s+/g, ''))
    .pipe(
      z
        .string()
        .max(LIMITS.filePrefixMax, `must be at most ${LIMITS.filePrefixMax} characters`)
        .regex(/^([\p{L}\p{N}_-][\p{L}\p{N}_.-]*)?$/u, 'may contain only letters, digits, "_", "." and "-" (not "." first)'),
    ),
  { kind: 'text', maxLength: LIMITS.filePrefixMax, format: 'fileName' },
);

const resourceKey = (i: number) => key('false', boolText, `Record channel ${i + 1} on its own (ISO file CH${i + 1}).`);
/** Written out (not built in a loop), so the key names stay in the code's type for the console's panels. */
const resourceKeys = {
  resource_vi0_enable: resourceKey(0),
  resource_vi1_enable: resourceKey(1),
  resource_vi2_enable: resourceKey(2),
  resource_vi3_enable: resourceKey(3),
  resource_vi4_enable: resourceKey(4),
};

export const settingAdvanceMediaSave = defineSetting({
  description: 'Where and what is recorded.',
  // The Record panel shows storage, so operators and recorders may read it.
  read: anyOf('storage', 'operating', 'record'),
  write: anyOf('storage'),
  keys: {
    savepath: key('', pathText, 'Storage path of recordings; "" means DATA_DIR/media.'),
    hddenable: key('true', boolText, 'Record to the internal disk (always true).'),
    usbenable: key('false', boolText, 'Also record to a USB disk.'),
    usbdownload: key('false', boolText, 'Allow copying recordings to a USB disk.'),
    fileprefix: key('', filePrefixText, `Prefix of recording file names, at most ${LIMITS.filePrefixMax} characters, whitespace removed.`),
    maxduration: key(
      String(dur.default),
      maxDurationText,
      `Longest recording in hours, ${dur.min}-${dur.max}; non-numeric means ${dur.default}.`,
    ),
    ...resourceKeys,
    movie_high_enable: key('true', boolText, 'Record the HD picture (always true).'),
    movie_low_enable: key('true', boolText, 'Record the SD picture.'),
  },
  normalize: (v) => ({
    ...v,
    hddenable: 'true',
    movie_high_enable: 'true',
    maxduration: /^\d+$/.test(v.maxduration ?? '') ? v.maxduration : String(dur.default),
  }),
});

const free = LIMITS.freeSize;
const days = LIMITS.retentionDays;

export const settingCheckStorage = defineSetting({
  description: 'Automatic clearing of old recordings, by free space or by age (exclusive).',
  read: anyOf('storage'),
  write: anyOf('storage'),
  keys: {
    enable: key('false', boolText, 'Clear the oldest recordings when free space drops below freesize.'),
    exectime: key('02:00:00', timeText, 'Daily time of the free-space check.', { disabledWhen: when('enable', 'false') }),
    freesize: key('50', intText(free.min, free.max), `Free space to keep in GB, ${free.min}-${free.max}.`, {
      disabledWhen: when('enable', 'false'),
    }),
    retentionenable: key('false', boolText, 'Clear recordings older than retentiondays.'),
    retentiondays: key('30', intText(days.min, days.max), `Days recordings are kept, ${days.min}-${days.max}.`, {
      disabledWhen: when('retentionenable', 'false'),
    }),
    retentionexectime: key('03:00:00', timeText, 'Daily time of the retention clear.', { disabledWhen: when('retentionenable', 'false') }),
  },
  check: (v) => (v.enable === 'true' && v.retentionenable === 'true' ? [ruleIssue('retentionenable', 'storageClearExclusive')] : []),
  // Spec §4: the two ways of clearing are exclusive; turning one on turns the other off.
  adjust: (v, changed) =>
    changed === 'enable' && v.enable === 'true'
      ? { ...v, retentionenable: 'false' }
      : changed === 'retentionenable' && v.retentionenable === 'true'
        ? { ...v, enable: 'false' }
        : v,
});

export const settingSegmentation = defineSetting({
  description: 'Recording file splitting: smooth (1 h or 2 GB) or advanced (4 h or 3.8 GB).',
  read: anyOf('storage'),
  write: anyOf('storage'),
  keys: {
    mode: key('smooth', enumText(['smooth', 'advanced']), 'smooth: split at 1 hour or 2 GB; advanced: at 4 hours or 3.8 GB.'),
  },
});
