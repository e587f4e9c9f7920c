import { SESSION_HEADER } from './http.js';
import { LIMITS } from './limits.js';
import {
  LevelsMessage,
  MeterLevel,
  MONITOR_LEVELS_EVENT,
  MONITOR_LEVELS_ENCODE_QUERY,
  MONITOR_LEVELS_PATH,
  MONITOR_LEVELS_PERMISSION,
  MONITOR_PERMISSION,
  MONITOR_PREVIEW_PATH,
  SILENCE_ALARM_DB,
  SILENCE_ALARM_DEFAULT_S,
} from './monitor.js';
import { describeRequirement } from './openapi.js';
import { PPT_EVENTS_PATH, PPT_PAGE_PATH, PPT_QR_SIZE, PPT_SLIDE_EVENT, PPT_SLIDE_PATH } from './ppt.js';
import { CALLS_WHILE_LOCKED, LOCK_IDLE_MINUTES, SCREEN_LOCKED_STATUS } from './screen-lock.js';
import { STATUS_EVENT, STATUS_EVENTS_PATH, STATUS_EVENTS_PERMISSION } from './status-events.js';

const fieldsOf = (schema: { shape: object }) => `{${Object.keys(schema.shape).join(', ')}}`;

/**
 * What Roomcast decided where the spec says "not shown". Rendered into docs/api.md with the calls and codes,
 * so the decisions and the contract cannot drift apart.
 */
export const DECISIONS: { topic: string; decision: string }[] = [
  {
    topic: 'Cloud storage',
    decision:
      'Setting codes `setting_cloud_google` (enable, clientid, clientsecret, path) and `setting_cloud_dropbox` (enable, path, accesstoken); secrets are write-only. `share {type, file}` uploads one recording file; `listshare` tells which providers are enabled.',
  },
  {
    topic: 'FTP/SFTP upload',
    decision:
      "`setting_advance_ftp` uploads every finished recording through the upload queue when `enable` is on: `uploadmodel` videoonly puts the video files straight into `path`, folderandvideo in a folder per recording, all (default) adds the player thumbnails (`snapshots/`) to that folder; each file gets `{file}.sha256` beside it. `protocol` also takes `ftps` (explicit TLS); `scp` is sent as SFTP. `timeenable`: FTP transfers start only inside `timebegin`-`timeend` (device time, both included; overnight when the end is before the begin). `netsync`/`netsynctime` are set when all of a recording's files are done; `resyncrecord` queues it again and clears them; `testftp` tests the values shown; `listupload` gives each recording's upload state per target. SSH host keys are trusted on first use. Details: docs/upload.md.",
  },
  {
    topic: 'Media center and MC Pro',
    decision:
      "Not available on this device. `setting_media_center` (enable, host, port, terminaltype, series, version) and `setting_mc_pro` (enable) name a vendor's proprietary media-center and MC Pro protocols, which have no public description and which Roomcast does not implement. Enabling either is refused (rules `mediaCenterUnavailable`, `mcProUnavailable`: by setsetting/writeconfig and by a configuration restore alike), so both stay off; the media center's other keys are validated and kept as written but drive nothing. System settings shows a read-only panel saying so, and points to what Roomcast offers instead: the Third-party screen's FTP/SFTP upload and media server (Opencast capture agent), and cloud storage. `resyncmediaclientrecord` belongs to the media server (Opencast ingest), not to the media center. `mcprolog.log` stays a name of getSysLog's fixed list (spec §7); nothing writes it, so the zip never holds it.",
  },
  {
    topic: 'Media server (Opencast)',
    decision:
      'The hidden media-server panel of the Third-party screen configures `setting_media_server` (enable, url, username, password: secret, agentname: "" means the room name made into letters, digits and . _ -, workflow, schedules, flavors: `CODE=type/subtype` pairs such as `HD=presenter/source,CH1=presentation/source`). Roomcast is then an Opencast capture agent as pyCA is (digest or basic authentication, agent state every minute and on change, capabilities, the calendar with ETag): the events of its calendar are read-only recording schedules (`schedule` answers `origin: opencast`; update and delete are refused), recorded like any schedule; the recordings of events are ingested through the upload queue when they finish, any other recording when `resyncmediaclientrecord` asks; `mediasvrsync` is set when the ingest is done. `mediaserverstatus` shows the agent and its ingest queue. Details: docs/opencast.md.',
  },
  {
    topic: 'iCal schedules',
    decision:
      "`exportschedule` answers every recording schedule as one .ics text (a VEVENT each, UTC times, the first occurrence as DTSTART, RRULE DAILY / WEEKLY;BYDAY / MONTHLY;BYMONTH;BYMONTHDAY with UNTIL the last start, STATUS CANCELLED when disabled). `importschedule {ics}` adds its events (an event whose UID a schedule has updates that schedule); besides those rules it maps DAILY;BYDAY to a week cycle, DAILY;BYMONTH/BYMONTHDAY and YEARLY to a month cycle, COUNT to the last occurrence, no end to 2099-12-30, zoned times through their VTIMEZONE to the device zone. It answers `result: true` with `problems` (per event: a contract message) and changes nothing when any event cannot be a schedule (INTERVAL > 1, BYDAY in monthly rules, EXDATE/RDATE, RECURRENCE-ID, all-day events, an unknown zone, repeats of 24 h or more, or spec §5 rules). A value ical.js cannot read, or reads as another date than the one written (`DTSTART:notadate`, `DTSTART:20311345T990000Z`, `UNTIL=never`), is a problem of its event quoting the line as written and the reason (`icalBadValue`); a calendar with a line that cannot be parsed at all (`RRULE:FREQ=BOGUS`) is refused naming that line (`icalBadLine`), and a text that is no calendar with `icalInvalid`. Opencast's calendar skips such an event and keeps the others.",
  },
  {
    topic: 'Short recordings',
    decision:
      'A recording stopped within a moment of its start is a playable MP4 or is not kept, never an MPEG-TS file: a part that ended before its first audio packet is written as the picture alone (operation log: "recording N HD: it ended before its first audio packet: picture only"); a recording that leaves no playable file (no whole video frame) is removed with its folder, so `listmedia` never lists it, and the operation log and mp.log say "recording N "title" is not kept". Only a part of a second or more whose MP4 cannot be written (a full disk) is kept as MPEG-TS. A recording recovered after a crash stops at the end of its media (its last segment), not when the service recovered it. docs/media-engine.md "Recording files".',
  },
  {
    topic: 'Auto repair',
    decision:
      "Setting code `setting_autorepair` (enable, starttime, endtime, reboot). The window is daily in the device zone from starttime to endtime; an end at or before the start ends the next day (overnight), an empty window (start = end) is refused (`repairWindowEmpty`). Once per window, at its start or as soon as the service finds it open (enabled, or started, inside it), a job of the one scheduler runs, in order: `PRAGMA integrity_check` and `foreign_key_check` on the database, a WAL checkpoint (TRUNCATE), the recovery of unfinished recordings (the same path as at startup) and the disk scan (`scanfiles`), then a reboot through the reboot path when `reboot` is on. It never runs while a recording runs, is pending or a disk scan runs: it waits inside the window and, if the window closes first, that day is skipped (logged). A damaged database is reported (result `problems`, SQLite's findings in the operation log, log.txt and `autorepairstatus`) and nothing more is written, deleted or rebooted: the service keeps running on it and an operator restores a backup. A run is recorded in DATA_DIR/run/auto-repair.json before it acts, so the reboot it ends with does not start it again. Every step and its outcome is a line of the operation log and of log.txt; `autorepairstatus` (systemsetting) answers the last run step by step and the next.",
  },
  {
    topic: 'Lock screen',
    decision: `Setting code \`setting_lockscreen\` (enable; password: secret, stored as an argon2id hash and never read back; idleminutes ${LOCK_IDLE_MINUTES.min}-${LOCK_IDLE_MINUTES.max}, default ${LOCK_IDLE_MINUTES.default}, ${LOCK_IDLE_MINUTES.min}: only on demand), edited on System settings; \`setlockscreen {password, idleminutes?}\` (systemsetting) is the same write as one call. One lock password for the box; the lock itself is per session and kept by the service with the session (so a reload, a second tab and a restart find it locked). \`lockscreen {idle}\` locks the caller's session: the header's Lock button (shown while the lock is on), or the console after idleminutes without keyboard, mouse, wheel or touch input in all its tabs. While a session is locked every call but ${CALLS_WHILE_LOCKED.map((c) => `\`${c}\``).join(', ')} answers HTTP ${SCREEN_LOCKED_STATUS} \`screenLocked\` (after the 401/403 it would get anyway), and so do the monitor and picture routes; the console's one API client shows the lock overlay on that answer, and \`lockscreenstate {}\` ({enabled, idleminutes, locked}) tells a reloaded console. \`unlockscreen {password}\` checks the hash, throttled as login is (HTTP 429: ${LIMITS.loginFailures.addressMax} failures in ${LIMITS.loginFailures.windowMs / 60_000} minutes shut the address out for ${LIMITS.loginFailures.addressLockMs / 60_000} minutes; after ${LIMITS.loginFailures.userFree} failures of a user, each further attempt waits 1 s, doubling, at most ${LIMITS.loginFailures.userMaxDelayMs / 1000} s); logout stays possible. Idle is the console's to decide, not the service's: only the browser sees input, and the console's own calls (the status poll every 5 s, list refreshes) are not input, so the service would have to guess; a console that is closed leaves its session to the 30-minute idle end. The overlay asks \`lockscreenstate\` every 30 s (an unlock in another tab shows at once through local storage), which keeps the session alive as a polled screen does. Turning the lock off unlocks every session. lockscreen (on demand, or after N min without input) and unlockscreen (failed ones too) write operation-log rows. Media and live URLs already handed out are not cut by a lock (the overlay covers the players); they end with the session as before.`,
  },
  {
    topic: 'Change password',
    decision:
      "System settings → Change password changes one's own: user name (read-only), the old password (`changepassword` checks it), the new one and its confirmation ('Confirm password not match, please try again'), spaces stripped and the space key blocked. On success ('password changed') every session of the user ends and the console goes to /login; the old password no longer logs in.",
  },
  {
    topic: 'Product edit',
    decision:
      "The About page's hidden product editor opens on a double-click of the title icon for anyone who may see the page (`about`) and asks for an administrator's user code and password, which the service checks (`editproduct`; the spec's client-side credential check becomes a server-side one, counted with login's throttle); its Save sends the same credentials with the values and writes `setting_product`. `writeconfig` of `setting_product` stays allowed to role admin only.",
  },
  {
    topic: 'Update page',
    decision:
      'Shows the versions and the releases of the install root; an admin uploads an update bundle (`uploadupdate`, streamed to disk, at most UPDATE_MAX_MB): a tar of a manifest, its Ed25519 signature (checked against UPDATE_PUBLIC_KEY before anything changes) and the release as a tar.gz of regular files and folders only. The release is unpacked beside the current one under INSTALL_ROOT/releases, `current` is switched atomically, `previous` kept, and the service restarts; the launcher of the systemd unit rolls back to `previous` when the new release does not answer within UPDATE_HEALTH_SECONDS. Details: docs/update.md.',
  },
  {
    topic: 'All-users code of listmedia',
    decision: '`usercode: "*"` (contract constant `ALL_USERS_CODE`) lists every user\'s recordings; it needs allrecord or admin.',
  },
  {
    topic: 'getsetting / setsetting',
    decision:
      'Multi-code forms of readconfig/writeconfig: sections are setting codes; setsetting validates every section first and writes all or none. A refused setsetting of several sections names each key of its message by its code (`Invalid setting: setting_layout_animate.type: must be one of …`), as two codes may have a key of the same name; readconfig/writeconfig and a one-section setsetting name the key alone.',
  },
  {
    topic: 'Forcing a user out',
    decision:
      'A new login of the same user code ends the old session. Admins and users with `operating` may force; others get "User {0} has been logined, insufficient permissions to perform login." `currentuser` returns `sessionid` only when it is the caller\'s own session (another browser\'s session id is never disclosed).',
  },
  {
    topic: 'Effective functions',
    decision:
      "A user's functions are their own ticks plus their group's; a sub-function applies only when its parent is ticked. `rtmplive` is an `operation` sub-function for RTMP start/stop.",
  },
  {
    topic: 'Login throttling',
    decision: `${LIMITS.loginFailures.addressMax} failures within ${LIMITS.loginFailures.windowMs / 60_000} minutes from one source address shut that address out for ${LIMITS.loginFailures.addressLockMs / 60_000} minutes, successful logins in between or not. A user code is never locked: after ${LIMITS.loginFailures.userFree} failures within the window (from any address) each further attempt waits 1 s after the last failure, doubling with each failure, at most ${LIMITS.loginFailures.userMaxDelayMs / 1000} s. Both answer HTTP 429 ("Too many failed attempts, please try again later."), whether or not the user exists (docs/security.md "Login throttling").`,
  },
  {
    topic: 'Passwords',
    decision:
      "At least 8 characters, spaces stripped, argon2id. Changing one's own password needs the old one and ends all of that user's sessions. No call ever returns a password or its hash.",
  },
  { topic: 'whoami', decision: "Added: returns the session's user so a reloaded console restores its menu without logging in again." },
  {
    topic: 'Web config',
    decision:
      'Defaults from the contract; an operator overrides any field (e.g. `site.mode4k`, `site.cloundShare`) in `DATA_DIR/webconfig.json`.',
  },
  {
    topic: 'Values that reach commands',
    decision:
      'Stricter than the spec because these values reach ffmpeg, FTP and host commands: URLs may not contain whitespace, quotes, `$ ( ) ;`; paths only letters, digits and `_ . - / @ + , =` with no `..` segment and no leading `-`; hosts and NTP servers are hostnames or IPv4 addresses; the file prefix has no `/` and does not start with `.`.',
  },
  {
    topic: 'Product model',
    decision:
      'Default model `B3PLUS`: the spec strips spaces from product fields, so "B3 PLUS" cannot be stored; the About page shows that default as the spec\'s label "B3 PLUS" (`productModelLabel`), any other model as stored.',
  },
  {
    topic: 'Recording schedules',
    decision:
      "Start and stop are in the device time zone (`setting_datetime.zone`, a fixed offset). A repeating schedule runs on every matching day from its start date where the whole daily window (start time to stop time; past midnight it ends the next day) fits before its stop; a month day a month lacks is skipped. A recording already running at an occurrence's start makes that occurrence skip (operation log). A manual stop ends that occurrence only; a restart inside a window resumes for the rest of it; disabling or deleting a running schedule stops its recording. Scheduled recordings belong to user code `schedule`.",
  },
  {
    topic: 'Device time',
    decision: 'Every time the device shows (status, recordings, operation log, schedules) is written in the device zone.',
  },
  {
    topic: 'Network settings',
    decision:
      'With DHCP on, `realip`, `realnetmask`, `realgateway` and `realdns` are what the interface uses now (read from the machine); `realmac` always. A saved change of `setting_system_network` takes effect at the next boot: the console asks before saving and reboots right after. On a host it is written as a systemd-networkd file for the interface; in the sandbox it is kept as settings only (docs/operations.md).',
  },
  {
    topic: 'Setting the clock and NTP',
    decision:
      "Writing `setting_datetime.current` (in the device zone) sets the device clock, then `current` is stored empty again, so writing the same value later sets it again; reads show the live clock. It is refused with `clockUnderNtp` while `setting_ntp.enable` is true. `syncntp` makes one SNTP exchange with `setting_ntp.server` and brings the clock to it (`ntpServerMissing` without a server, `ntpSyncFailed` with the reason when the server cannot be reached or answers badly); the operation-log line says by how much the clock was corrected. On a host the clock is the machine's (timedatectl, systemd-timesyncd); in the sandbox it is the machine's plus an offset the service keeps (docs/operations.md). Sessions time out on the machine clock, so setting the clock logs nobody out.",
  },
  {
    topic: 'Automatic layout switching',
    decision:
      '`setlayoutswitch {enable: true}` rotates the output through the saved layout slots in slot order, each shown for `LIMITS.layoutSwitchIntervalS` (20 s) with the layout animation, while the picture is encoded (recording or live). Slots showing a channel without a source are skipped; with fewer than two left nothing switches. A slot chosen by hand holds a whole interval, then switching goes on from it. The state is stored and survives a restart.',
  },
  {
    topic: 'Layout animations',
    decision:
      '`setting_layout_animate` type 0-15, named as spec §3 names them, are drawn with ffmpeg xfade transitions (`LAYOUT_ANIMATIONS`): 0 null is a cut; roll right-down diagbr, roll right-up diagtr, roll expand right/left smoothright/smoothleft, cover down/up/right/left wipedown/wipeup/wiperight/wipeleft, push down/up/right/left slidedown/slideup/slideright/slideleft, roll expand out horzopen, roll box appear rectcrop, alpha fade. Speed 0/1/2 lasts 1.5/1/0.5 s. In 4K mode layout changes are cuts and the console hides the animation.',
  },
  {
    topic: 'Player snapshots',
    decision:
      'While recording, a 320-pixel-wide JPEG of the HD picture is taken at the start and every `LIMITS.snapshotIntervalS` (30 s) of recorded time; `snapposition` is in recorded seconds (pauses excluded), `channel` is 10 (HD).',
  },
  { topic: 'Secrets in settings', decision: 'Secret keys read back as ""; writing "" keeps the stored value.' },
  {
    topic: 'Forcing out and a running recording',
    decision:
      "Spec §2 says forcing a session out stops recording. Roomcast keeps a running recording going: a recording belongs to the room, not to a browser, and an operator would not expect a lecture to be cut because the same user logged in elsewhere. Forcing out ends the old session (its signed live and recording URLs stop working, its live WebSockets close and a recording or zip it is downloading is cut) and the operation log's login row says which session was forced out (`login user X (forced out the session from <address>)`).",
  },
  {
    topic: 'Who may watch the live room',
    decision:
      'A published room (`setting_room.publish` true) is public: its `/xlive/` URLs work without a session. An unpublished one is reachable only through the signed URLs `livesource` gives a session with `live`, or with `operating` for the preview of the Live panel (admin always); each playlist and segment request and each WebSocket upgrade checks that this session is still alive (and counts as activity), and without that the room answers 404 like a room that does not exist. Segments are served `public, max-age=31536000, immutable` (their names are never reused) and the playlist `public, max-age=1`, so a CDN can stand in front of a published room; signed answers are `private`.',
  },
  {
    topic: 'Confidence monitor routes',
    decision: `Two GET routes beside the calls serve the workbench's confidence monitor (beyond the spec). \`${MONITOR_LEVELS_PATH}\` streams the audio levels as Server-Sent Events: an event \`${MONITOR_LEVELS_EVENT}\` about 10 times a second while the encoder runs (and once with \`running: false\` when it stops), data \`${fieldsOf(LevelsMessage)}\`, each meter \`${fieldsOf(MeterLevel)}\` (peak and RMS in dBFS over ~100 ms, \`null\` for digital silence; one meter per input \`setting_audio_input\` enables, by its key, and \`program\`, the mix as recorded); a slow reader misses readings rather than queueing them. With \`?${MONITOR_LEVELS_ENCODE_QUERY}=1\` the stream also asks for the encode: it runs while such a stream is open even when nothing records or is live, and stops 10 s after the last one closed (a page reload keeps it); the Audio screen opens its stream so, and the workbench's monitor when the operator presses Monitor now, so levels, picture and each channel's detected size and rate show before a lecture (another value is refused with 400). \`${MONITOR_PREVIEW_PATH}\` answers a JPEG of the composed picture, taken at most once a second and shared by every watcher (\`no-store\`; 404 while nothing is encoded). Both take the session from the \`${SESSION_HEADER}\` header like the calls, never from the URL (so the console reads them with \`fetch\`), need ${describeRequirement(MONITOR_PERMISSION)} (the levels also the Audio screen's users, ${describeRequirement(MONITOR_LEVELS_PERMISSION)}: it shows each input's level), and refuse like the calls (401 without a live session, 403 without the function); at most 64 level streams are open at once (429), and a stream closes when its session ends. The silence alarm is \`status.audioalarm\`: raised when the loudest input stays below ${SILENCE_ALARM_DB} dBFS while recording (not paused) or live for \`setting_health.silenceseconds\` (default ${SILENCE_ALARM_DEFAULT_S} s; the audio health check turns error at the same time), and cleared when sound returns or neither records nor is live any more, each time with an operation-log row.`,
  },
  {
    topic: 'Status pushed as the room changes',
    decision: `Beside the 5 s poll of \`status\` (spec §9), \`${STATUS_EVENTS_PATH}\` streams the room's changes as Server-Sent Events: an event \`${STATUS_EVENT}\` whose data is what \`status\` answers, once on connect and again after each change of the room's state (a recording started, paused, resumed, stopped or pending; a schedule; the disk scan; the live room; an RTMP or RTSP output; the layout; the silence alarm), whoever made it: another console, a schedule, the control panel, a restart. The console shows such a change at once and keeps polling (a missed event is caught by the next poll). The route takes the session from the \`${SESSION_HEADER}\` header like the calls, needs ${describeRequirement(STATUS_EVENTS_PERMISSION)}, refuses like them (401, 423), and a stream closes when its session ends; at most 256 are open at once (429).`,
  },
  {
    topic: 'Slide switching (setting_ppt)',
    decision:
      'The slides channel is `setting_ppt.slidechannel` (A-E, default C: in the default wiring A and B are cameras and C the computer). While the composite picture is encoded and `switchenable` or `pushenable` is on, the composite encode itself scores that channel: a branch of its decoded picture (the same input and decode as the picture, also when the layout does not show it) at 5 frames a second, each frame against the one before (ffmpeg `select` scene score, 0-100 %, at the size of the channel); a frame scoring at least `switchdiff` is a new slide. The encode restarts at each layout change: the first picture of an encode is a new slide when it differs from the last picture of the encode before by `switchdiff` (the same score on 64x36 thumbnails), so a slide changed meanwhile is not missed and the same slide is not announced again. A change of `slidechannel` or `switchdiff`, or turning both features on or off, re-plans a running encode (recordings roll to a new segment); `switchduration`, or push turned on or off while switching stays on, does not. With `switchenable` on, a new slide puts the slides-first layout on the output for `switchduration` seconds: the slides full frame and the first other channel of the layout on the output as a picture in picture at the bottom right (layout type 3), or the slides alone (type 0) when it shows no other channel; a layout that already shows only the slides is left alone. Another new slide meanwhile extends the time. Then the layout that was on the output before comes back. A layout the operator chooses meanwhile (`setlayoutid`, `layout`, saving the slot on the output) ends the slides first at once and is not replaced when the time is up; automatic layout switching holds while the slides are first and gives the layout put back a whole interval. Turning `switchenable` off, or the encode stopping, puts the layout before back at once. The status keeps `layoutbuttonid` of the slot the operator chose. In 4K mode (web config `site.mode4k`) the console hides the PPT screen and the service neither watches the slides nor serves the slides page, whatever `setting_ppt` holds.',
  },
  {
    topic: 'Chapters',
    decision:
      "Issue 22. While `setting_ppt.chapterenable` is on (the default) the composite encode scores the slides channel whenever it is encoded, as for slide switching, and each new slide seen while recording becomes a chapter of the recording: its time (milliseconds of the recording, pauses left out, across its parts), its picture (the slide's 1280-wide JPEG, kept in the recording's folder under chapters/) and its text, read afterwards by Tesseract (`tesseract-ocr`, one slide at a time, one thread, at a low priority, off the recording's path) in the languages of `setting_ppt.ocrlanguage` (eng, eng+chi_sim or eng+chi_tra: mixing Simplified and Traditional makes Tesseract mix their characters). The slide showing when a recording starts is its first chapter, at 0; a slide that comes while the recording is paused is a chapter where the recording resumes. A chapter's title is the slide's first line of text (at most 100 characters); a slide without text is shown as \"Slide N\" (N its number among the recording's chapters). An operator marks a chapter at the moment being recorded with the Record panel's Mark button, the control panel's MARK command or the call `markchapter` (room control systems); a mark is titled as given or \"Chapter N\", and pictured by a snapshot of the recorded picture. Chapters can be renamed and removed by who may change the recording. They are removed with their recording, survive segmentation into parts and crash recovery (a chapter after the end of what was recovered is dropped), and are listed by `listchapter` with the part they fall in and their offset in it.",
  },
  {
    topic: 'Captions',
    decision:
      "Issue 22. A finished recording carries caption tracks, one per language (a BCP 47 tag such as en, zh-Hans or zh-Hant), each with a label, where its text came from (imported, edited, or a recognizer: none runs on the box yet) and whether a person has reviewed it. `importcaption` takes a WebVTT file, or an SRT file converted to WebVTT, checks it whole (webvtt-parser's validation, then every cue within the recording, at most 60 s long and 500 characters, at most 20,000 cues and 2 MB) and refuses a bad one with its line (SRT's own line numbers) and nothing changed; importing a language that has a track replaces it. The console's editor saves the cues whole with `savecaption` (the same checks, the failing cue's number) and may mark the track reviewed. Cue times count the recording's milliseconds across its parts; each part's video file has the track's cues of that part beside it as `name.<language>.vtt` (rewritten at every change), which the players load as <track>, the FTP/SFTP uploads send and the batch zip carries. Tracks go with their recording.",
  },
  {
    topic: 'Slides page (ppt.html)',
    decision: `While \`setting_ppt.pushenable\` is on, \`${PPT_PAGE_PATH}\` on the device's own address is a public page (no session, like a published live room) showing the latest slide seen (a 1280-wide JPEG of the frame that scored at \`${PPT_SLIDE_PATH}\`), in the browser's language (English, Simplified or Traditional Chinese). It updates itself from \`${PPT_EVENTS_PATH}\` (Server-Sent Events: \`${PPT_SLIDE_EVENT}\` with the new slide's number); at most 1000 such streams are open at once. While push is off the page says slides are not shared (404) and asks again every 10 s; the picture and the stream are 404. Slides are seen only while the picture is encoded (recording, live or an output); the last one stays until the next. The PPT screen shows a ${PPT_QR_SIZE}×${PPT_QR_SIZE} QR code of the page's HTTPS URL, downloadable as a JPEG, and copies the link: the console's own origin + \`${PPT_PAGE_PATH}\` when the console is on HTTPS, else (the box's own screen, on loopback) the box's first HTTPS address (\`httpsaddresses\`: its IPv4 address with its own certificate, the site's DNS name with the site's).`,
  },
  {
    topic: 'PTZ cameras',
    decision:
      'Setting code `setting_ptz_camera` (read: serialport or cameracontrol; write: serialport): per channel 0-3 its protocol (`visca` or `pelcod` on a serial port, `viscaip` for VISCA over IP), serial port and address (VISCA 1-7, PELCO-D 1-255), or IP address and UDP port (default 52381). Serial device paths are configuration (`SERIAL_RS232_DEVICE`, `SERIAL_RS485_DEVICE`). Presets 0-9 are PELCO-D presets 1-10. The bytes sent are listed in docs/devices.md.',
  },
  {
    topic: 'PTZ press and release',
    decision:
      '`remotecontrol` `end` always sends a stop. While a button is held the console repeats its `start` every `PTZ_KEEPALIVE_MS` (1 s); a repeated start of the running movement is not sent again. A movement with no end and no repeated start for `PTZ_STOP_AFTER_MS` (3 s) is stopped by the service (dead-man timer). The operation log gets one row per press (at its end) and per preset.',
  },
  {
    topic: 'Control panel',
    decision:
      'A port whose `setting_serial_port` use is `controlpannel` reads ASCII lines (CR, LF or CR LF; case-insensitive): `PING`, `RECORD START|PAUSE|RESUME|STOP`, `LAYOUT 1-9`, `PRESET n` (channel 0) or `PRESET c n`; each is answered `OK` or `ERR <reason>` with CR LF (docs/devices.md). Commands go through the record control, layout and PTZ services; recordings started there belong to user code `panel`.',
  },
  {
    topic: 'System tasks (task_schedule)',
    decision:
      "A task runs at `start` (HH:mm:ss, device zone) on each day of its cycle from when it was added or last edited (once: the first such time, then never again). With repeat it runs again every `repeatinterval` seconds until that day ends; each run may start within its window, `duration` seconds (without repeat: 60 s), so a run missed while the service was down is done late only inside its window, and never twice (the run is recorded before it acts). Tasks due together run one after another, reboot last. reboot: a running recording is stopped and finalized through the recording service, then the reboot path (sandbox: the service restarts). clearlog: every operation-log row written before it (its own line follows) and the rotated copies (`*.1`..`*.3`) of the fixed log files; the current files are kept. ntp: the system domain's NTP sync. Each run writes its outcome or its failure to the operation log.",
  },
  {
    topic: 'Configuration backup (downloadgeneralfile / uploadgeneralfile)',
    decision:
      "The file-path header of downloadgeneralfile must be base64 of `roomcast-config.ini`; the answer is `roomcast-config-YYYYMMDD-HHmmss.ini`: a `[roomcast]` section (format, version, time), one section per setting code the caller may read and write (values as JSON strings), and `[end]` with the number of sections. Secrets (passwords, tokens, client secrets, the lock password), computed keys and the clock time are left out; a restore keeps the device's own. uploadgeneralfile takes at most 1 MB, refuses a file that is not `.ini`, not UTF-8, not a Roomcast backup, truncated (no `[end]`, or a wrong section count), or with any unknown section or key, secret or computed key, bad value or broken cross-key rule, naming line, section and key; otherwise it writes every section in one SQLite transaction (write guards included) and restarts. docs/backup.md.",
  },
  {
    topic: 'System logs and debug mode (getSysLog, frontlog)',
    decision:
      'Debug mode opens when an admin double-clicks the icon of the System log title; the admin types the zip password there (8-64 characters, twice), and getSysLog gets it in its JSON body `{password}` (never stored). The file-path header is base64 of one fixed file (log.txt, mp.log, weblog.txt, frontlog.log, mcprolog.log) or `all` (also when absent); anything else is refused. The answer is `download_syslog.zip`, AES-256 (WinZip AES; 7-Zip opens it), with the fixed files that exist. The console sends its uncaught errors to `frontlog {entries:[{message, where}]}` (session only; at most 20 entries a minute per session kept). Logs rotate at 5 MB with three copies: at most 100 MB. docs/logs.md.',
  },
  {
    topic: 'Video settings while recording or live',
    decision:
      '`setting_video_input` and `setting_rec_video_codec` apply at the next encoder start (the next recording or live stream); a write that changes them while recording, the live room or an RTMP output is on is refused ("Recording or live streaming is on: stop it before changing the video settings."), as the Video screen disables Edit then and when the status cannot be read. An encode running only for the RTSP outputs is re-planned at once. `setting_osd` and `setting_video_layout` re-plan a running encode at once (a recording rolls to a new segment). docs/media-engine.md "Picture settings".',
  },
  {
    topic: 'Options per mode (site.mode4k)',
    decision:
      "The web config's `site.mode4k` is the box's mode; the service judges setting writes in it (`SettingContext`). Normal mode: main quality 1080/720/480/270 (default 1080), main bitrate 300-16000 kbit/s. 4K mode: 2160/1080/720/480 (default 2160), 2000-16000 kbit/s and 20000 at 2160 only, no RTSP source. A value stored in the other mode reads as the mode's default. Sub quality is 360 in both.",
  },
  {
    topic: 'OSD logo upload',
    decision:
      '`uploadfile` with the path `logo.argb` (logotitle) takes `image/x-rgb`: a bottom-up ARGB raster of exactly the saved `logowidth` x `logoheight` (so the console saves the settings first, then uploads the image it drew at that size); it is stored with its size and never served. The engine scales the raster to the logo size saved later, so a size change needs no new upload. OSD positions and sizes are pixels of a 1920-wide picture, scaled to the encode. The OSD text has all its whitespace removed (spec §5), as album names do.',
  },
  {
    topic: 'HDMI audio output',
    decision:
      '`setting_general_output.hdmiaudiooutput` plays the programme sound, while the encoder runs, on the ALSA device `setting_audio_devices.hdmiaudioout` names (listsource tells it). With no such device the switch has no effect and the Audio screen shows it disabled with that reason.',
  },
  {
    topic: 'Capture devices',
    decision:
      'The devices the source names record are settings: `setting_video_devices` (videosetting: the V4L2 device of hdmi1-4 and sdi1-4, with a format, size and rate among those it offers) and `setting_audio_devices` (audiosetting: the ALSA device of mic1, mic2, line1, line2, hdmi5 and the HDMI audio output). The Video and Audio screens bind them among the devices `listcapturedevices` finds, read every few seconds. A device not plugged in can still be bound (a camera installed later, a stable /dev/v4l/by-id name); a format, size or rate is checked against what the device offers when it is plugged in. A bound device that is not found is listed as missing and the channel records the stand-in. `DATA_DIR/sources.json` of older releases is imported once at start into these settings and renamed `sources.json.imported`; the file is no longer read.',
  },
  {
    topic: 'HTTPS and the box certificate',
    decision:
      'The console, the API, the live room (wss) and every other route are served over HTTPS on HTTPS_PORT (8443 in the sandbox, 443 on a host), TLS 1.2 and 1.3 only, with HSTS. Plain HTTP on PORT answers other hosts with a redirect to HTTPS (ACME HTTP-01 challenges excepted); clients on loopback keep plain HTTP (developers, tests, a cache on the box itself): their traffic never crosses the network. The box makes its own certificate (P-256, self-signed, for its host name, roomcast.local and its addresses) at the first start and again before it expires or when its names change; a site uploads its own (PEM, with chain and key, refused with a reason when it would not serve) or has one signed from a CSR made on the box. `downloadcertificate` (any session) gives it to install as trusted; the Certificate panel shows its SHA-256 fingerprint to compare.',
  },
  {
    topic: 'The picture of the settings screens',
    decision:
      "`GET /api/monitor/picture.jpg` (session header; logotitle, videoeffect, videosetting, operating or record): the composed picture as the saved settings make it, 640 pixels wide; the running encode's next frame after a save, or a still rendered from the sources while nothing encodes (header `x-picture-source`: encoder or still). 503 when no picture comes out, with the same header: `encoder` means the encode is starting or restarting (after a save, or on a loaded box), and the console keeps the last picture and asks again a second later; a still that did not come out is not asked for again until a save or Refresh.",
  },
];
