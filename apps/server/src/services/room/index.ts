export { createRoom, type Room, type RoomEvent, type RoomFollower, type RoomListener } from './room.js';
export { type RoomCommand, type RoomCommandType, transition } from './room-machine.js';
export {
  describeChange,
  PUSH_LABEL,
  type PushProtocol,
  RTMP_LABEL,
  idleRoomState,
  isRecording,
  recordedMsAt,
  type RoomState,
  type RtmpChannelName,
  type RtmpState,
  type ShownLayout,
  videoFixed,
} from './room-state.js';
export { engineDemand } from './engine-demand.js';
export { logRoomChanges, roomLogRows } from './room-log.js';
