/** Business constants and limits of spec §9, one place for the service and the console. */
export const LIMITS = {
  requestTimeoutMs: 30_000,
  sessionIdleMs: 30 * 60_000,
  statusStaleMs: 5_000,
  clockTickMs: 1_000,
  rtmpRefreshMs: 5_000,
  postOperationRefreshMs: 3_000,
  diskScanPollMs: 10_000,
  bulkRemoveGapMs: 100,
  rebootCountdownS: 180,
  recordingsPageSizes: [10, 20, 30],
  userPageSizes: [10, 20, 50, 100],
  schedulePageSize: 10,
  opelogPageSize: 30,
  narrowNameChars: 10,
  narrowHeaderPx: 992,
  maxDurationHours: { min: 1, max: 15, default: 10 },
  filePrefixMax: 30,
  roomNameMax: 30,
  osdTextMax: 30,
  osdCoordinateMax: 2000,
  copyrightMax: 50,
  productFieldMax: 30,
  onceScheduleMaxMs: 24 * 3600_000,
  freeSize: { min: 10, max: 1800 },
  retentionDays: { min: 10, max: 1024 },
  pptThresholdPercent: { min: 1, max: 100 },
  pptDurationS: { min: 5, max: 30 },
  audioVolume: { min: 0, max: 100 },
  /** A player thumbnail is taken this often while recording (recorded seconds, pauses excluded). */
  snapshotIntervalS: 30,
  layoutSlots: 9,
  /** Automatic layout switching (setlayoutswitch) shows each saved layout this long. */
  layoutSwitchIntervalS: 20,
  layoutTypes: 24,
  ptzChannels: 4,
  ptzPresets: 10,
  toast: { topPx: 100, durationS: 3, maxCount: 3 },
  /**
   * Login throttling (docs/security.md "Login throttling"). An address that fails `addressMax` times inside the window
   * (whatever the user codes, successes in between or not) is shut out for `addressLockMs`. A user code that fails
   * `userFree` times inside the window (from anywhere) is never locked, but the next attempt at it waits 1 s after the
   * last failure, doubling with each further failure, at most `userMaxDelayMs`; a success clears it.
   */
  loginFailures: { addressMax: 10, windowMs: 15 * 60_000, addressLockMs: 15 * 60_000, userFree: 5, userMaxDelayMs: 120_000 },
  /** Largest CSV the user import accepts. */
  importUserMaxBytes: 1024 * 1024,
  usercodeMax: 32,
  usernameMax: 64,
  passwordMin: 8,
  passwordMax: 128,
  /** A recording's or a file's title (updaterecord). */
  recordTitleMax: 200,
  albumNameMax: 100,
  albumDescriptionMax: 1000,
  /** Largest album cover uploadfile accepts (PNG, JPEG, GIF or WebP by content). */
  coverMaxBytes: 5 * 1024 * 1024,
  /** Largest configuration backup uploadgeneralfile accepts (.ini). */
  configBackupMaxBytes: 1024 * 1024,
  /** The password the system-log zip is encrypted with (getSysLog, debug mode). */
  syslogPassword: { min: 8, max: 64 },
  /** The console's own errors (frontlog): entries per call, characters per message, entries a session may send per minute. */
  frontlog: { entriesPerCall: 20, messageMax: 2000, perSessionPerMinute: 20 },
} as const;

export const LOG_FILES = ['log.txt', 'mp.log', 'weblog.txt', 'frontlog.log', 'mcprolog.log'] as const;
export const FILE_NAMES = {
  syslogZip: 'download_syslog.zip',
  usersExport: 'users_export.csv',
  importTemplate: 'import_user_template.csv',
  /** The configuration backup's path: downloadgeneralfile's file-path header names it (spec §7). */
  configBackup: 'roomcast-config.ini',
  /** The box's certificate as downloadcertificate answers it. */
  certificate: 'roomcast.crt',
} as const;
