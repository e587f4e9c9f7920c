/*
 * The bytes of the camera commands (pure; tests compare them byte for byte). Sources: Sony's VISCA command list
 * (Pan-tiltDrive, CAM_Zoom, CAM_Memory) and Pelco's D protocol manual (standard command set, set/go to preset,
 * set zoom speed). Tables and speed choices are in docs/devices.md.
 */

export type PtzDirection = 'up' | 'down' | 'left' | 'right';
export type PtzZoom = 'in' | 'out';
/** Spec §9: slow 1, normal 2, fast 3. */
export type PtzSpeed = 1 | 2 | 3;

/** What one channel's camera is doing: the two axes run independently (a pan while zooming is allowed). */
export interface PtzMotion {
  move?: { direction: PtzDirection; speed: PtzSpeed };
  zoom?: { zoom: PtzZoom; speed: PtzSpeed };
}

export type PtzAction =
  | { kind: 'move'; direction: PtzDirection; speed: PtzSpeed }
  | { kind: 'moveStop' }
  | { kind: 'zoom'; zoom: PtzZoom; speed: PtzSpeed }
  | { kind: 'zoomStop' }
  | { kind: 'presetSet'; preset: number }
  | { kind: 'presetCall'; preset: number };

// ---- VISCA -------------------------------------------------------------------------------------------------

/** Pan speed 01-18h and tilt speed 01-14h by spec speed (slow, normal, fast). */
export const VISCA_PAN_SPEED: Record<PtzSpeed, number> = { 1: 0x04, 2: 0x0c, 3: 0x18 };
export const VISCA_TILT_SPEED: Record<PtzSpeed, number> = { 1: 0x04, 2: 0x0a, 3: 0x14 };
/** Zoom speed p of "Tele/Wide (Variable)" 0-7. */
export const VISCA_ZOOM_SPEED: Record<PtzSpeed, number> = { 1: 2, 2: 4, 3: 7 };
/** Pan-tiltDrive's last two bytes (pan, tilt): 01 left/up, 02 right/down, 03 stop. */
const VISCA_DRIVE: Record<PtzDirection, [number, number]> = {
  up: [0x03, 0x01],
  down: [0x03, 0x02],
  left: [0x01, 0x03],
  right: [0x02, 0x03],
};

/**
 * A VISCA command packet to camera `address` (1-7; over IP the camera is always 1): header 8x, the message, and the
 * terminator FF. VISCA has no checksum: the terminator frames the packet.
 */
export function viscaCommand(address: number, action: PtzAction): Buffer {
  const header = 0x80 | (address & 0x07);
  const body = ((): number[] => {
    switch (action.kind) {
      case 'move':
        return [0x01, 0x06, 0x01, VISCA_PAN_SPEED[action.speed], VISCA_TILT_SPEED[action.speed], ...VISCA_DRIVE[action.direction]];
      case 'moveStop':
        // The speeds of a stop are ignored by the camera; the normal ones keep the packet well formed.
        return [0x01, 0x06, 0x01, VISCA_PAN_SPEED[2], VISCA_TILT_SPEED[2], 0x03, 0x03];
      case 'zoom':
        return [0x01, 0x04, 0x07, (action.zoom === 'in' ? 0x20 : 0x30) | VISCA_ZOOM_SPEED[action.speed]];
      case 'zoomStop':
        return [0x01, 0x04, 0x07, 0x00];
      case 'presetSet':
        return [0x01, 0x04, 0x3f, 0x01, action.preset];
      case 'presetCall':
        return [0x01, 0x04, 0x3f, 0x02, action.preset];
    }
  })();
  return Buffer.from([header, ...body, 0xff]);
}

// ---- PELCO-D -----------------------------------------------------------------------------------------------

/** Pan and tilt speed 00-3Fh by spec speed. */
export const PELCO_D_SPEED: Record<PtzSpeed, number> = { 1: 0x0a, 2: 0x20, 3: 0x3f };
/** "Set zoom speed" 0 (slowest) to 3 (fastest). */
export const PELCO_D_ZOOM_SPEED: Record<PtzSpeed, number> = { 1: 1, 2: 2, 3: 3 };
/** Command 2 bits: right 02, left 04, up 08, down 10, zoom tele (in) 20, zoom wide (out) 40. */
const PELCO_D_DIRECTION: Record<PtzDirection, number> = { right: 0x02, left: 0x04, up: 0x08, down: 0x10 };
const PELCO_D_ZOOM: Record<PtzZoom, number> = { in: 0x20, out: 0x40 };

/** A PELCO-D message: sync FF, address, command 1, command 2, data 1, data 2, checksum (bytes 2-6 summed mod 256). */
export function pelcoDFrame(address: number, cmd1: number, cmd2: number, data1: number, data2: number): Buffer {
  const sum = (address + cmd1 + cmd2 + data1 + data2) & 0xff;
  return Buffer.from([0xff, address & 0xff, cmd1, cmd2, data1, data2, sum]);
}

/**
 * PELCO-D's standard command is the whole motion at once (all zero is stop): the frame for a channel's motion after a
 * change, so ending one axis keeps the other going.
 */
export function pelcoDMotion(address: number, motion: PtzMotion): Buffer {
  const m = motion.move;
  const cmd2 = (m ? PELCO_D_DIRECTION[m.direction] : 0) | (motion.zoom ? PELCO_D_ZOOM[motion.zoom.zoom] : 0);
  const horizontal = m && (m.direction === 'left' || m.direction === 'right');
  const pan = m && horizontal ? PELCO_D_SPEED[m.speed] : 0;
  const tilt = m && !horizontal ? PELCO_D_SPEED[m.speed] : 0;
  return pelcoDFrame(address, 0x00, cmd2, pan, tilt);
}

/**
 * The PELCO-D frames of an action on a channel whose motion is `after` (the state once the action applies). A zoom
 * start is preceded by "set zoom speed". Presets 0-9 are PELCO-D presets 1-10 (PELCO-D has no preset 0).
 */
export function pelcoDCommand(address: number, action: PtzAction, after: PtzMotion): Buffer[] {
  switch (action.kind) {
    case 'presetSet':
      return [pelcoDFrame(address, 0x00, 0x03, 0x00, action.preset + 1)];
    case 'presetCall':
      return [pelcoDFrame(address, 0x00, 0x07, 0x00, action.preset + 1)];
    case 'zoom':
      return [pelcoDFrame(address, 0x00, 0x25, 0x00, PELCO_D_ZOOM_SPEED[action.speed]), pelcoDMotion(address, after)];
    default:
      return [pelcoDMotion(address, after)];
  }
}
