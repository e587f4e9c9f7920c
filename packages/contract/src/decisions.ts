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
    topic: 'Media center',
    decision:
      'Setting code `setting_media_center` (enable, host, port, terminaltype, series, version); `resyncmediaclientrecord` queues a recording for it again.',
  },
  { topic: 'Auto repair', decision: 'Setting code `setting_autorepair` (enable, starttime, endtime, reboot).' },
  {
    topic: 'Lock screen',
    decision:
      'Setting code `setting_lockscreen` (enable, password: secret, stored as an argon2id hash and never read back); `setlockscreen {password}` (systemsetting) sets it and `unlockscreen {password}` (any session) checks it.',
  },
  {
    topic: 'Product edit',
    decision:
      "The hidden product editor writes `setting_product` with `writeconfig`; the service allows that to role admin only (the spec's client-side credential check becomes a server-side permission).",
  },
  {
    topic: 'Update page',
    decision:
      "Shows `setting_version` and how to update: Roomcast is updated with the operating system's package manager or by installing a newer release; there is no firmware upload call.",
  },
  {
    topic: 'All-users code of listmedia',
    decision: '`usercode: "*"` (contract constant `ALL_USERS_CODE`) lists every user\'s recordings; it needs allrecord or admin.',
  },
  {
    topic: 'getsetting / setsetting',
    decision:
      'Multi-code forms of readconfig/writeconfig: sections are setting codes; setsetting validates every section first and writes all or none.',
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
    decision:
      'Five failures within 15 minutes from one source address or for one user code lock that address or code for 15 minutes (HTTP 429, "Too many failed attempts, please try again later."), whether or not the user exists.',
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
    decision: 'Default model `B3PLUS`: the spec strips spaces from product fields, so "B3 PLUS" cannot be stored.',
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
    topic: 'Automatic layout switching',
    decision:
      '`setlayoutswitch {enable: true}` rotates the output through the saved layout slots in slot order, each shown for `LIMITS.layoutSwitchIntervalS` (20 s) with the layout animation, while the picture is encoded (recording or live). Slots showing a channel without a source are skipped; with fewer than two left nothing switches. A slot chosen by hand holds a whole interval, then switching goes on from it. The state is stored and survives a restart.',
  },
  {
    topic: 'Layout animations',
    decision:
      '`setting_layout_animate` type 0-15 are ffmpeg xfade transitions (`LAYOUT_ANIMATIONS`: fade, wipeleft, wiperight, wipeup, wipedown, slideleft, slideright, slideup, slidedown, circleopen, circleclose, horzopen, vertopen, dissolve, pixelize, zoomin); speed 0/1/2 lasts 1.5/1/0.5 s. In 4K mode layout changes are cuts.',
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
      "Spec §2 says forcing a session out stops recording. Roomcast keeps a running recording going: a recording belongs to the room, not to a browser, and an operator would not expect a lecture to be cut because the same user logged in elsewhere. Forcing out ends the old session (its signed live URLs stop working and its live WebSockets close) and the operation log's login row says which session was forced out (`login user X (forced out the session from <address>)`).",
  },
  {
    topic: 'Who may watch the live room',
    decision:
      'A published room (`setting_room.publish` true) is public: its `/xlive/` URLs work without a session. An unpublished one is reachable only through the signed URLs `livesource` gives a session with `live`, or with `operating` for the preview of the Live panel (admin always); each playlist and segment request and each WebSocket upgrade checks that this session is still alive (and counts as activity), and without that the room answers 404 like a room that does not exist. Segments are served `public, max-age=31536000, immutable` (their names are never reused) and the playlist `public, max-age=1`, so a CDN can stand in front of a published room; signed answers are `private`.',
  },
];
