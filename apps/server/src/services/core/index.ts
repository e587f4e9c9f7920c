// The infrastructure every domain uses: time, the one scheduler, business failures, password hashing, private files.
export { systemClock, systemTimers, formatDateTime, zoneOffsetMinutes, type Clock, type DeviceClock, type Timers } from './clock.js';
export { createScheduler, periodicJob, type Job, type PeriodicJobSpec, type Scheduler, type SchedulerDeps } from './scheduler.js';
export { Fail } from './fail.js';
export { lifecycles, type Lifecycle, type Lifecycles } from './lifecycle.js';
export { dummyHash, generatePassword, hashPassword, verifyPassword } from './passwords.js';
export { ensurePrivateDir, keepPrivate, loadOrCreateKey, PRIVATE_DIR_MODE, PRIVATE_FILE_MODE } from './private-files.js';
