"""A real FTP (or explicit FTPS) server on loopback for the upload tests and bench/upload-throughput.mjs.

pyftpdlib (Debian's python3-pyftpdlib) with one account whose root is a scratch folder. Options: --limit
throttles what the server reads from data connections (bytes/s), so a test can stop it in the middle of an
upload; --cert/--key turn on explicit FTPS (AUTH TLS); --hash offers the HASH command (SHA-256 of a file, as
in draft-bryan-ftpext-hash) that some servers have and pyftpdlib has not. Prints "ready PORT" once listening.
"""
import argparse
import hashlib
import logging
import sys

from pyftpdlib.authorizers import DummyAuthorizer
from pyftpdlib.handlers import FTPHandler, ThrottledDTPHandler, TLS_DTPHandler, TLS_FTPHandler, proto_cmds
from pyftpdlib.servers import FTPServer

ap = argparse.ArgumentParser()
ap.add_argument("--port", type=int, required=True)
ap.add_argument("--root", required=True)
ap.add_argument("--user", required=True)
ap.add_argument("--password", required=True)
ap.add_argument("--limit", type=int, default=0)
ap.add_argument("--cert")
ap.add_argument("--key")
ap.add_argument("--hash", action="store_true")
args = ap.parse_args()

logging.basicConfig(level=logging.WARNING, stream=sys.stderr)

base = TLS_FTPHandler if args.cert else FTPHandler


class Handler(base):
    banner = "Roomcast test FTP server ready."
    auth_failed_timeout = 0.1

    def ftp_HASH(self, path):
        try:
            digest = hashlib.sha256()
            with open(path, "rb") as f:
                for block in iter(lambda: f.read(1 << 20), b""):
                    digest.update(block)
            size = self.fs.getsize(path)
        except OSError as err:
            self.respond("550 %s." % err.strerror)
            return
        self.respond("213 SHA-256 0-%d %s %s" % (size, digest.hexdigest(), self.fs.fs2ftp(path)))


if args.hash:
    Handler.proto_cmds = dict(proto_cmds)
    Handler.proto_cmds["HASH"] = dict(perm="r", auth=True, arg=True, help="Syntax: HASH <SP> file-name (SHA-256).")

    class HashHandler(Handler):
        # FEAT lists what __init__ puts in the instance's _extra_feats (a class attribute is overwritten there).
        def __init__(self, *a, **kw):
            super().__init__(*a, **kw)
            self._extra_feats = self._extra_feats + ["HASH SHA-256*"]

    Handler = HashHandler

if args.cert:
    Handler.certfile = args.cert
    Handler.keyfile = args.key

    class TlsDtp(TLS_DTPHandler):
        # pyftpdlib 1.5.7 closes a data connection whose TLS handshake is still under way (it is not "receiving"
        # yet); keep it while the handshake runs.
        def readable(self):
            if self._ssl_accepting:
                return True
            return super().readable()

    Handler.dtp_handler = TlsDtp

if args.limit:
    class Dtp(ThrottledDTPHandler):
        read_limit = args.limit

    Handler.dtp_handler = Dtp

authorizer = DummyAuthorizer()
authorizer.add_user(args.user, args.password, args.root, perm="elradfmwMT")
Handler.authorizer = authorizer
Handler.passive_ports = None

server = FTPServer(("127.0.0.1", args.port), Handler)
print("ready %d" % args.port, flush=True)
server.serve_forever()
