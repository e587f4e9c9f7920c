#!/usr/bin/python3
"""Roomcast's RTSP outputs: GStreamer's RTSP server (gst-rtsp-server through PyGObject), run and supervised by
the service (apps/server/src/media/rtsp-server.ts). Started with no arguments; reads its configuration as one
JSON object per line on stdin and applies each one whole (listeners and mounts added, changed or removed; the
clients of a removed or changed mount are disconnected, the others are left alone). Exits when stdin closes,
so it never outlives the service. Writes one JSON object per line on stdout: {"event": "ready"} once, then
{"event": "applied", "errors": [...]} after each configuration.

Configuration: {"servers": [{"address": "0.0.0.0", "port": 8554, "mounts": [{"path": "/main", "feed": 40001,
"audio": true, "multicast": null | {"group": "239.255.0.1", "ports": [5004, 5007], "ttl": 16}}]}]}
Each mount reads an MPEG-TS stream (H.264 and AAC, as the service's encoder writes it) from UDP on
127.0.0.1:<feed> and serves it without decoding: one shared media per mount, pay0 H.264, pay1 AAC. A mount with
"multicast" sends RTP to that group only (clients SETUP with multicast transport; DESCRIBE gives the group).
"""
import json
import sys

import gi

gi.require_version('Gst', '1.0')
gi.require_version('GstRtsp', '1.0')
gi.require_version('GstRtspServer', '1.0')
from gi.repository import GLib, Gst, GstRtsp, GstRtspServer  # noqa: E402

FEED_CAPS = 'video/mpegts,systemstream=(boolean)true,packetsize=(int)188'


def say(**event):
    sys.stdout.write(json.dumps(event) + '\n')
    sys.stdout.flush()


def launch_line(mount):
    """The media of one mount: the loopback MPEG-TS feed demuxed and payloaded as it is (no decode).

    tsdemux latency=0: its default holds every picture 0.7 s; the feed comes over loopback with no mux delay
    (PTS = PCR, media/rtsp-feed.ts), so there is no jitter to absorb (bench/rtsp-latency.mjs: 1.5 s -> 0.15-0.2 s).
    SPS/PPS are inserted by h264parse only, once per access unit: rtph264pay's config-interval=-1 inserts them
    before every IDR *slice*, which splits the encoder's multi-slice keyframes (x264 zerolatency uses sliced
    threads) into two pictures at the client, both decoded corrupt.
    """
    feed = int(mount['feed'])
    line = (
        f'udpsrc address=127.0.0.1 port={feed} buffer-size=4194304 caps="{FEED_CAPS}" '
        '! queue max-size-buffers=0 max-size-bytes=0 max-size-time=2000000000 '
        '! tsdemux name=demux latency=0 '
        'demux. ! video/x-h264 ! queue ! h264parse config-interval=-1 ! rtph264pay name=pay0 pt=96 '
    )
    if mount.get('audio', True):
        line += 'demux. ! audio/mpeg ! queue ! aacparse ! rtpmp4gpay name=pay1 pt=97 '
    return f'( {line})'


def make_factory(mount):
    factory = GstRtspServer.RTSPMediaFactory()
    factory.set_launch(launch_line(mount))
    factory.set_shared(True)
    multicast = mount.get('multicast')
    if multicast:
        pool = GstRtspServer.RTSPAddressPool()
        low, high = multicast['ports']
        if not pool.add_range(multicast['group'], multicast['group'], int(low), int(high), int(multicast.get('ttl', 16))):
            raise ValueError(f"bad multicast range {multicast['group']}:{low}-{high}")
        factory.set_address_pool(pool)
        factory.set_protocols(GstRtsp.RTSPLowerTrans.UDP_MCAST)
    else:
        factory.set_protocols(GstRtsp.RTSPLowerTrans.UDP | GstRtsp.RTSPLowerTrans.TCP)
    return factory


def uses_path(client, path):
    """Whether a client has a session on this mount."""
    found = []

    def on_media(_session, smedia, _data=None):
        ok, matched = smedia.matches(path)
        if ok and matched == len(path):
            found.append(True)
        return GstRtspServer.RTSPFilterResult.KEEP

    def on_session(_client, session, _data=None):
        session.filter(on_media)
        return GstRtspServer.RTSPFilterResult.KEEP

    client.session_filter(on_session)
    return bool(found)


def disconnect(server, paths=None):
    """Closes the clients of these mounts (all clients when None)."""

    def on_client(_server, client, _data=None):
        if paths is None or any(uses_path(client, p) for p in paths):
            return GstRtspServer.RTSPFilterResult.REMOVE
        return GstRtspServer.RTSPFilterResult.KEEP

    server.client_filter(on_client)


class Listener:
    """One RTSP server socket (address, port) and its mounts."""

    def __init__(self, address, port):
        self.server = GstRtspServer.RTSPServer()
        self.server.set_address(address)
        self.server.set_service(str(port))
        self.mounts = {}  # path -> the mount's configuration as given
        self.source = self.server.attach(None)
        if not self.source:
            raise OSError(f'cannot listen on {address}:{port}')

    def apply(self, mounts):
        wanted = {m['path']: m for m in mounts}
        points = self.server.get_mount_points()
        gone = [p for p, m in self.mounts.items() if wanted.get(p) != m]
        for path in gone:
            points.remove_factory(path)
            del self.mounts[path]
        if gone:
            disconnect(self.server, gone)
        for path, mount in wanted.items():
            if path in self.mounts:
                continue
            points.add_factory(path, make_factory(mount))
            self.mounts[path] = mount

    def close(self):
        points = self.server.get_mount_points()
        for path in list(self.mounts):
            points.remove_factory(path)
        self.mounts = {}
        disconnect(self.server)
        GLib.source_remove(self.source)


listeners = {}  # (address, port) -> Listener


def apply(config):
    errors = []
    wanted = {(s['address'], int(s['port'])): s for s in config.get('servers', [])}
    for key in [k for k in listeners if k not in wanted]:
        listeners.pop(key).close()
    for key, spec in wanted.items():
        try:
            if key not in listeners:
                listeners[key] = Listener(*key)
            listeners[key].apply(spec.get('mounts', []))
        except Exception as err:  # one listener failing leaves the others serving
            errors.append(f'{key[0]}:{key[1]}: {err}')
    say(event='applied', errors=errors)


def main():
    Gst.init(None)
    loop = GLib.MainLoop()
    pending = b''

    def on_stdin(channel, condition):
        nonlocal pending
        if condition & GLib.IOCondition.IN:
            data = channel.read()
            if data:
                pending += data
                *lines, pending = pending.split(b'\n')
                for line in lines:
                    if line.strip():
                        try:
                            apply(json.loads(line))
                        except Exception as err:
                            say(event='applied', errors=[str(err)])
                return True
        loop.quit()  # the service went away
        return False

    channel = GLib.IOChannel.unix_new(sys.stdin.fileno())
    channel.set_encoding(None)
    channel.set_flags(GLib.IOFlags.NONBLOCK)
    GLib.io_add_watch(channel, GLib.PRIORITY_DEFAULT, GLib.IOCondition.IN | GLib.IOCondition.HUP | GLib.IOCondition.ERR, on_stdin)
    say(event='ready')
    loop.run()


if __name__ == '__main__':
    main()
