#!/usr/bin/python3
"""The clock camera's RTSP server (bench/lib/clock-camera.mjs): GStreamer's RTSP server on 127.0.0.1:PORT serving at
/clock the H.264 that arrives as MPEG-TS on UDP 127.0.0.1:FEED, without decoding. tsdemux's latency is 0: the feed
carries no mux delay (PTS = PCR), so nothing needs holding back, and the camera adds only its encode and the network,
as a network camera does. Usage: clock-camera.py PORT FEED. Prints "ready" once listening; exits when stdin closes."""
import sys

import gi

gi.require_version('Gst', '1.0')
gi.require_version('GstRtspServer', '1.0')
from gi.repository import GLib, Gst, GstRtspServer  # noqa: E402

Gst.init(None)
port, feed = sys.argv[1], int(sys.argv[2])
factory = GstRtspServer.RTSPMediaFactory()
factory.set_launch(
    f'( udpsrc address=127.0.0.1 port={feed} buffer-size=4194304 '
    'caps="video/mpegts,systemstream=(boolean)true,packetsize=(int)188" '
    '! queue ! tsdemux latency=0 ! video/x-h264 ! h264parse config-interval=-1 '
    '! rtph264pay name=pay0 pt=96 config-interval=-1 )'
)
factory.set_shared(True)
server = GstRtspServer.RTSPServer()
server.set_address('127.0.0.1')
server.set_service(port)
server.get_mount_points().add_factory('/clock', factory)
if not server.attach(None):
    sys.exit(f'cannot listen on 127.0.0.1:{port}')
loop = GLib.MainLoop()
GLib.io_add_watch(GLib.IOChannel.unix_new(sys.stdin.fileno()), GLib.PRIORITY_DEFAULT, GLib.IOCondition.HUP, lambda *_: loop.quit())
print('ready', flush=True)
loop.run()
