#!/usr/bin/python3
"""A real RTSP camera for tests: GStreamer's RTSP server on 127.0.0.1, serving a moving H.264 test pattern
at rtsp://127.0.0.1:PORT/cam. Usage: rtsp-server.py PORT"""
import sys
import gi
gi.require_version('Gst', '1.0')
gi.require_version('GstRtspServer', '1.0')
from gi.repository import Gst, GstRtspServer, GLib

Gst.init(None)
server = GstRtspServer.RTSPServer()
server.set_address('127.0.0.1')
server.set_service(sys.argv[1])
factory = GstRtspServer.RTSPMediaFactory()
factory.set_launch('( videotestsrc is-live=true pattern=ball ! video/x-raw,width=640,height=360,framerate=15/1 '
                   '! x264enc tune=zerolatency speed-preset=ultrafast key-int-max=15 ! rtph264pay name=pay0 pt=96 )')
factory.set_shared(True)
server.get_mount_points().add_factory('/cam', factory)
server.attach(None)
print('ready', flush=True)
GLib.MainLoop().run()
