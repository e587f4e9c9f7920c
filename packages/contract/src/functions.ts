/**
 * Function keys of spec §6 and their tree. A sub-function counts only when its parent is ticked too.
 * `rtmplive` is the RTMP start/stop control's key (spec §3); Roomcast files it under `operation`.
 */
export const TOP_FUNCTIONS = ['operation', 'record', 'live', 'allrecord', 'myrecord', 'album', 'usermanage', 'setting'] as const;

export const SUB_FUNCTIONS = {
  operation: ['operating', 'audiosetting', 'videosetting', 'logotitle', 'videoeffect', 'cameracontrol', 'ppt', 'mediastream', 'rtmplive'],
  setting: ['storage', 'serialport', '3rdpartsystem', 'systemsetting', 'syslog', 'about'],
} as const;

export type TopFunction = (typeof TOP_FUNCTIONS)[number];
export type SubFunction = (typeof SUB_FUNCTIONS)[keyof typeof SUB_FUNCTIONS][number];
export type FunctionKey = TopFunction | SubFunction;

export const ALL_FUNCTIONS: readonly FunctionKey[] = [...TOP_FUNCTIONS, ...Object.values(SUB_FUNCTIONS).flat()];

const PARENT_OF = new Map<FunctionKey, TopFunction>(
  Object.entries(SUB_FUNCTIONS).flatMap(([parent, subs]) => subs.map((s) => [s as FunctionKey, parent as TopFunction])),
);

export function parentOf(key: FunctionKey): TopFunction | undefined {
  return PARENT_OF.get(key);
}

export function isFunctionKey(value: string): value is FunctionKey {
  return (ALL_FUNCTIONS as readonly string[]).includes(value);
}

export type Role = 'admin' | 'user';

/** The built-in administrator account: cannot be removed or lose the admin role. */
export const ADMIN_USERCODE = 'admin';

/** The functions that really apply: admin has all; a sub-function needs its parent ticked. */
export function effectiveFunctions(role: Role, functions: readonly string[]): FunctionKey[] {
  if (role === 'admin') return [...ALL_FUNCTIONS];
  const ticked = new Set(functions.filter(isFunctionKey));
  return [...ticked].filter((key) => {
    const parent = parentOf(key);
    return parent === undefined || ticked.has(parent);
  });
}
