/**
 * Message keys of spec §8 with their English text. The console's locale files carry the same keys in
 * `messages` for all three languages; the service answers with the English text (business failures).
 * `{0}` is replaced by the first argument.
 */
export const MESSAGES = {
  // Transport and session
  rpcTimeout: 'rpc timeout',
  systemBusy: 'The system is busy, please try again later.',
  sessionExpired: 'Your session has expired, please log in again.',
  forbidden: 'You do not have permission to do this.',
  notFound: 'No such call.',
  internalError: 'The service could not complete the request.',
  // Login
  messageLoginFail: 'Login failed, please try again.',
  errorLogin: 'Fail to access to web server. Please contact to administrator.',
  loginThrottled: 'Too many failed attempts, please try again later.',
  loginedNoPermission: 'User {0} has been logined, insufficient permissions to perform login.',
  confirmForceLogout: 'User {0} is logged in. Do you want to force him to quit? This will force the playback operation to stop.',
  // Users and groups
  userExists: 'User name already exist, please try again',
  userNotFound: 'User {0} does not exist.',
  adminNotRemovable: 'The admin account cannot be removed.',
  adminRoleFixed: 'The admin account must keep the admin role.',
  onlyAdminCreatesAdmin: 'Only an administrator can create or edit an administrator.',
  groupExists: 'Group {0} already exists.',
  groupNotFound: 'Group {0} does not exist.',
  groupInUse: 'Group {0} still has users; move them to another group first.',
  passwordWrong: 'User or password error, please try again.',
  confirmPasswordMismatch: 'Confirm password not match, please try again',
  importFailed: 'Import failed; nothing was imported. {0}',
  // Settings
  settingInvalid: 'Invalid setting: {0}',
  // Share
  msgShareCompleted: 'Share completed',
  msgShareError: 'Fail to share media file',
  shareProviderDisabled: 'Sharing to {0} is not enabled.',
  cloudShareOff: 'Cloud sharing is turned off on this device.',
  shareQueued: 'Queued for upload to {0}.',
  recordingUploading: 'Recording {0} is being uploaded; wait until its upload ends.',
  // Uploads to the FTP/SFTP server (setting_advance_ftp)
  uploadTargetOff: 'Uploads to {0} are turned off.',
  recordingNothingToUpload: 'Recording {0} has no files to upload.',
  ftpHostMissing: 'Enter the server host first.',
  ftpTestFailed: 'Connection test failed: {0}',
  // The media server (Opencast capture agent)
  mediaServerOff: 'The media server (Opencast) is not enabled.',
  recordingNotFinished: 'Recording {0} has not finished yet.',
  // Live
  roomNotLiving: 'The live room is not living.',
  roomNotVisible: 'The live room does not exist.',
  roomLivingNoChange: 'The live room is living: stop it before changing its name or session name.',
  // RTMP outputs
  rtmpMainDisabled: 'The RTMP main output is not enabled: turn it on in the RTMP settings first.',
  rtmpSubDisabled: 'The RTMP sub output is not enabled: turn it on in the RTMP settings first.',
  rtmpMainNoUrl: 'The RTMP main output has no URL: enter one in the RTMP settings first.',
  rtmpSubNoUrl: 'The RTMP sub output has no URL: enter one in the RTMP settings first.',
  rtmpNoneEnabled: 'No RTMP output is enabled: turn one on in the RTMP settings first.',
  msgDelCompleted: 'Delete completed',
  recordingNotFound: 'Recording {0} does not exist.',
  recordingFileNotFound: 'File {0} does not exist.',
  recordingInUse: 'Recording {0} is being recorded; stop the recording first.',
  // Albums and uploads
  albumNotFound: 'Album {0} does not exist.',
  albumDefaultNotRemovable: 'The default album cannot be deleted.',
  uploadNotImage: 'The file is not an image (PNG, JPEG, GIF or WebP).',
  uploadTooLarge: 'The file is too large (at most {0} MB).',
  // Schedules
  messageSubmitScheduleSucc: 'Schedule updated',
  messageSubmitScheduleFail: 'Fail to update schedule',
  messageDeleteSucc: 'Delete success',
  messageRequireRange: 'Please choose the start and stop date and time.',
  messageRequireName: 'Please input the name.',
  messageRequireType: 'Please choose the type.',
  messageRequireStart: 'Please choose the start time.',
  messageRequireCycle: 'Please choose the cycle.',
  messageRequireDuration: 'The duration must be greater than 0.',
  messageRequireRepeatInterval: 'The repeat interval must be greater than 0 and greater than the duration.',
  messageRequireWeekDay: 'Please choose at least one weekday.',
  messageRequireMonths: 'Please choose at least one month.',
  messageRequireMonthDay: 'Please choose at least one day of the month.',
  // Schedule refusals by the service: shown after messageSubmitScheduleFail and ': '.
  scheduleNameRequired: 'name is required',
  scheduleRangeRequired: 'start and stop date and time are required',
  scheduleBadStart: 'start {0} is not a real date and time (YYYY-MM-DD HH:mm:ss)',
  scheduleBadStop: 'stop {0} is not a real date and time (YYYY-MM-DD HH:mm:ss)',
  scheduleStopBeforeStart: 'stop must be after start',
  scheduleWeekdayRequired: 'choose at least one weekday',
  scheduleMonthRequired: 'choose at least one month',
  scheduleMonthDayRequired: 'choose at least one day of the month',
  scheduleEmptyWindow: 'start time and stop time must differ',
  scheduleStopInPast: 'stop must be in the future',
  scheduleNoOccurrence: 'the schedule has no occurrence left between now and stop',
  scheduleIdRequired: 'id is required',
  scheduleNotFound: 'schedule {0} does not exist',
  // iCal import and export, Opencast's schedules
  scheduleReadOnly: "schedule {0} comes from Opencast's calendar: change it in Opencast",
  icalInvalid: 'The file is not an iCalendar (.ics) file: {0}',
  icalNoEvents: 'The calendar has no events.',
  icalImportRefused: 'Nothing was imported: {0} of {1} events cannot become schedules.',
  icalNoUid: 'the event has no UID',
  icalNoTimes: 'the event has no start or end time',
  icalAllDay: 'an all-day event has no start and stop times',
  icalUnknownZone: 'time zone {0} is not described in the file',
  icalOverride: 'a change to one occurrence of a repeating event (RECURRENCE-ID) cannot be scheduled',
  icalExtraDates: 'excluded or added dates (EXDATE, RDATE) cannot be scheduled',
  icalFrequency: 'repeating {0} cannot be scheduled: only daily, weekly and monthly repeats can',
  icalInterval: 'repeating every {0} periods cannot be scheduled: schedules repeat every day, week or month',
  icalRulePart: 'the repeat rule part {0} cannot be scheduled',
  icalTooLong: 'a repeating event must be shorter than 24 hours',
  // Layout and effects
  messageFail: 'Fail to save animate setting',
  messageSucc: 'Saved successfully',
  layoutFail: 'Fail to set layout',
  layoutSucc: 'Layout set',
  layoutEmptyChannel: 'Fail to set layout: Empty channel is not allowed.',
  layoutDuplicateChannel: 'Fail to set layout: Duplicate channel is not allowed.',
  layoutSlotEmptyChannel: 'Fail to set layout: slot {0}: Empty channel is not allowed.',
  layoutSlotDuplicateChannel: 'Fail to set layout: slot {0}: Duplicate channel is not allowed.',
  // Video settings and the OSD logo
  videoSettingsBusy: 'Recording or live streaming is on: stop it before changing the video settings.',
  logoNotArgb: 'The logo must be sent as a raw ARGB raster (image/x-rgb).',
  logoSizeMismatch: 'The logo must be {0}x{1} pixels as set in the OSD settings ({2} bytes of ARGB); {3} bytes were sent.',
  logoNoSize: 'Set the logo width and height (at least 1 pixel each) before uploading the logo.',
  messagePosSucc: 'Preset saved',
  // Camera control (PTZ)
  ptzPortMissing: 'The {0} port of camera channel {1} is not available on this device.',
  ptzPortIsPanel: 'The {0} port is the control panel: camera channel {1} cannot use it.',
  ptzSendFailed: 'The command could not be sent to camera channel {0}.',
  messageCopyOK: 'Copied',
  // Recording control
  recordPending: 'A recording command is already running, please wait.',
  recordRunning: 'Recording is already running.',
  recordNotRunning: 'Recording is not running.',
  recordNotPaused: 'Recording is not paused.',
  recordScanning: 'A disk scan is running; recording can start when it has finished.',
  storageMissing: 'The recording storage is missing.',
  storageLow: 'Not enough free space on the recording storage.',
  // Storage
  hddScanRecording: 'Recording in progress, please stop recording',
  // Files
  downloadError: 'download error',
  contentTypeError: 'Error: content type error',
  uploadCompleted: 'Upload completed',
  pathRejected: 'The file path is not allowed.',
  lockPasswordEmpty: 'Please input password.',
  // Screen lock (contract/screen-lock.ts)
  screenLocked: 'The screen is locked, please unlock it first.',
  lockScreenNotSet: 'No screen lock password is set.',
  lockPasswordWrong: 'Wrong password, please try again.',
  // System administration: tasks, configuration backup
  taskNotFound: 'Task {0} does not exist.',
  backupNotIni: 'The file is not a configuration backup (.ini).',
  backupInvalid: 'The configuration file was not restored and nothing was changed: {0}',
  ntpServerMissing: 'Set the NTP server first.',
  clockUnderNtp: 'The clock is kept by NTP: turn NTP off to set it by hand.',
  ntpSyncFailed: 'Could not sync with the NTP server {0}: {1}',
  // Update bundles (docs/update.md): each refusal leaves the installed releases as they were
  updateNoKey: 'No update key is configured on this device, so no update can be installed.',
  updateNotBundle: 'The file is not a Roomcast update bundle.',
  updateUnsigned: 'The update bundle is not signed.',
  updateBadSignature: "The update bundle's signature does not match this device's update key.",
  updateBadManifest: "The update bundle's manifest is not valid.",
  updateTampered: "The update bundle's content does not match its signed manifest.",
  updateTruncated: 'The update bundle is incomplete.',
  updateUnsafeEntry: 'The update bundle holds an entry that is not allowed: {0}',
  updateNoService: 'The update bundle holds no Roomcast service.',
  updateRecording: 'Stop the recording before updating.',
  updateBusy: 'An update is already being installed, please wait.',
  updateSameVersion: 'Version {0} is already the current version.',
  updateNoSpace: 'Not enough free space to install the update ({0} MB needed).',
} as const;

export type MessageKey = keyof typeof MESSAGES;

export function formatMessage(template: string, ...args: (string | number)[]): string {
  return template.replace(/\{(\d+)\}/g, (m, i: string) => (args[Number(i)] !== undefined ? String(args[Number(i)]) : m));
}
