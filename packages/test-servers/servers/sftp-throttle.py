"""OpenSSH's sftp-server behind a pipe that lets at most --limit bytes/s reach it (the upload direction).

sshd runs it as the SFTP subsystem of the scratch server in the upload tests, so that a test can stop sshd in
the middle of an upload of a short recording; the protocol and the files are OpenSSH's own.
"""
import os
import subprocess
import sys
import threading
import time

limit = int(sys.argv[1])
server = subprocess.Popen(["/usr/lib/openssh/sftp-server", *sys.argv[2:]], stdin=subprocess.PIPE, stdout=sys.stdout.buffer)


def upstream():
    start = time.monotonic()
    sent = 0
    while True:
        data = os.read(0, 32768)
        if not data:
            break
        server.stdin.write(data)
        server.stdin.flush()
        sent += len(data)
        ahead = sent / limit - (time.monotonic() - start)
        if ahead > 0:
            time.sleep(ahead)
    server.stdin.close()


threading.Thread(target=upstream, daemon=True).start()
sys.exit(server.wait())
