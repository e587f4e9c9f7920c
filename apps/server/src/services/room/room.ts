import { type RoomCommand, transition } from './room-machine.js';
import { idleRoomState, type RoomState } from './room-state.js';

/** A change of the room's state: the command that made it, and the state before and after. */
export interface RoomEvent {
  command: RoomCommand;
  before: Readonly<RoomState>;
  after: Readonly<RoomState>;
}
export type RoomListener = (event: RoomEvent) => void;
/** Something that acts on the state it is given (the media engine); its promise settles when it has. */
export type RoomFollower = (state: Readonly<RoomState>) => Promise<void> | void;

/**
 * The one owner of the room's state. `apply` is the only way the state changes: the command is checked by
 * `transition` (an illegal one throws the spec's refusal and changes nothing), the new state is published to every
 * listener, and the followers (the media engine) are given it; the promise settles when they have acted on it.
 * `exclusive` runs the domains' record, live and output commands one at a time.
 */
export function createRoom(initial: RoomState = idleRoomState()) {
  let state: Readonly<RoomState> = Object.freeze(initial);
  const listeners = new Set<RoomListener>();
  const followers: RoomFollower[] = [];
  let chain: Promise<unknown> = Promise.resolve();

  return {
    /** The state now (frozen: read it, never write it). */
    get state(): Readonly<RoomState> {
      return state;
    },

    /** Changes the state by `command`; throws the refusal when it is not legal now. Settles when followers have acted. */
    apply(command: RoomCommand): Promise<void> {
      const before = state;
      const after = transition(before, command);
      // A command that changes nothing (a layout chosen again, an output already in that state) is no event.
      if (after === before || JSON.stringify(after) === JSON.stringify(before)) return Promise.resolve();
      state = Object.freeze(after);
      for (const listener of listeners) listener({ command, before, after: state });
      // Followers start acting now (synchronously up to their first await), so a domain that goes on after `apply`
      // finds the encoder started; what they finish later is awaited by whoever needs it.
      return Promise.all(followers.map((f) => f(state))).then(() => undefined);
    },

    /** Throws the refusal `command` would meet now, changing nothing (for a domain that must know before it acts). */
    check(command: RoomCommand): void {
      transition(state, command);
    },

    /** Runs `fn` when every command before it has ended: one command at a time. */
    exclusive<T>(fn: () => Promise<T>): Promise<T> {
      const run = chain.then(fn, fn);
      chain = run.catch(() => undefined);
      return run;
    },

    /** Listens to every change; returns the unsubscribe. */
    subscribe(listener: RoomListener): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },

    /** Acts on every new state (and on the state now, at once). */
    follow(follower: RoomFollower): void {
      followers.push(follower);
      void follower(state);
    },
  };
}
export type Room = ReturnType<typeof createRoom>;
