/*
 * An emulated V4L2 capture device for tests (LD_PRELOAD; test-only, never shipped): a machine without V4L2 (no
 * kernel media support, no v4l2loopback, no vivid) still runs Debian's real ffmpeg `-f v4l2` against a "camera".
 *
 * ffmpeg's libavdevice/v4l2.c (built without libv4l2) calls libc's open64, ioctl, mmap64, munmap, close and dup
 * through function pointers; this library, preloaded, answers those calls for the emulated nodes and passes every
 * other call to the real function (dlsym RTLD_NEXT).
 *
 * The node: a regular file inside the directory named by ROOMCAST_EMULATED_V4L2_DIR (or a link to one, as
 * /dev/v4l/by-id links point at /dev/videoN). It exists: plugged in; deleted: unplugged (an open fails with ENOENT
 * by itself). A stream whose file was deleted fails like an unplugged UVC camera: every ioctl gives ENODEV, so
 * VIDIOC_DQBUF ends the encode. Recreated, it is a new device (a new inode): a new open streams again.
 *
 * The device: one format (YUYV 4:2:2), one size (EMU_W x EMU_H), one rate (EMU_FPS, V4L2_CAP_TIMEPERFRAME), no TV
 * standard (as a webcam: ffmpeg then takes the rate from VIDIOC_G_PARM), streaming I/O with mmap buffers only. The
 * picture is solid green, nothing like the grey "no signal" slate. DQBUF blocks until the next frame is due at the
 * rate (frames a slow reader missed are skipped, as a real driver drops them), with CLOCK_MONOTONIC timestamps.
 * One open file streams at a time: another one's S_FMT or REQBUFS gets EBUSY while it holds the device (flock on
 * the node), as V4L2's queue ownership does, so a test cannot pass by opening a camera twice.
 *
 * ROOMCAST_EMULATED_V4L2_LOG=<file>: each emulated call is appended there (what ffmpeg asked, while developing).
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <linux/videodev2.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#define EMU_W 640
#define EMU_H 360
#define EMU_FPS 30
#define EMU_BYTESPERLINE (EMU_W * 2)
#define EMU_SIZEIMAGE (EMU_BYTESPERLINE * EMU_H)
/* A real UVC driver gives at most 32 buffers; ffmpeg asks for 256. Eight keep the memory small (3.5 MiB). */
#define EMU_MAX_BUFFERS 8
/* The mmap offsets QUERYBUF hands out: one page-aligned cookie per buffer, as drivers do. */
#define EMU_OFFSET(i) ((uint32_t)(i) * 0x100000u)
#define EMU_MAX_FD 4096

/* Pure green in YUYV (BT.601, limited range): Y=145, U=54, V=34 is about RGB (0, 255, 0). */
static const unsigned char GREEN[4] = {145, 54, 145, 34};

struct buffer {
  void *addr; /* where the reader mapped it (filled with the picture), or NULL */
  int queued; /* owned by the driver, waiting to be filled */
  unsigned long order; /* queue order: the oldest queued buffer is filled first */
};

/* One opened node (shared by a dup of its fd). */
struct device {
  int refs;
  int nonblock;
  int streaming;
  unsigned count; /* buffers from REQBUFS */
  struct buffer buf[EMU_MAX_BUFFERS];
  unsigned long next_order;
  struct timespec start; /* STREAMON */
  uint64_t frame; /* the next frame's number since STREAMON */
  uint32_t sequence;
  pthread_mutex_t lock;
  pthread_cond_t queued_cond;
};

static struct device *devices[EMU_MAX_FD];
static pthread_mutex_t table_lock = PTHREAD_MUTEX_INITIALIZER;

#define REAL(name) real_##name
#define RESOLVE(name)                                                                                                  \
  do {                                                                                                                 \
    if (!REAL(name)) REAL(name) = dlsym(RTLD_NEXT, #name);                                                             \
  } while (0)

static int (*REAL(open))(const char *, int, ...);
static int (*REAL(open64))(const char *, int, ...);
static int (*REAL(__open_2))(const char *, int);
static int (*REAL(__open64_2))(const char *, int);
static int (*REAL(openat))(int, const char *, int, ...);
static int (*REAL(openat64))(int, const char *, int, ...);
static int (*REAL(ioctl))(int, unsigned long, ...);
static void *(*REAL(mmap))(void *, size_t, int, int, int, off_t);
static void *(*REAL(mmap64))(void *, size_t, int, int, int, off64_t);
static int (*REAL(close))(int);
static int (*REAL(dup))(int);
static ssize_t (*REAL(read))(int, void *, size_t);

static void trace(const char *fmt, ...) {
  const char *file = getenv("ROOMCAST_EMULATED_V4L2_LOG");
  if (!file || !*file) return;
  FILE *f = fopen(file, "ae");
  if (!f) return;
  fprintf(f, "[%d] ", (int)getpid());
  va_list ap;
  va_start(ap, fmt);
  vfprintf(f, fmt, ap);
  va_end(ap);
  fputc('\n', f);
  fclose(f);
}

static struct device *device_of(int fd) {
  if (fd < 0 || fd >= EMU_MAX_FD) return NULL;
  pthread_mutex_lock(&table_lock);
  struct device *d = devices[fd];
  pthread_mutex_unlock(&table_lock);
  return d;
}

/* Whether a just-opened fd is an emulated node: a regular file whose real path is inside the directory. */
static int is_emulated(int fd) {
  const char *dir = getenv("ROOMCAST_EMULATED_V4L2_DIR");
  if (!dir || !*dir || fd < 0 || fd >= EMU_MAX_FD) return 0;
  struct stat st;
  if (fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) return 0;
  char root[PATH_MAX], link[64], path[PATH_MAX];
  if (!realpath(dir, root)) return 0;
  snprintf(link, sizeof link, "/proc/self/fd/%d", fd);
  ssize_t n = readlink(link, path, sizeof path - 1);
  if (n <= 0) return 0;
  path[n] = '\0';
  size_t len = strlen(root);
  return strncmp(path, root, len) == 0 && path[len] == '/';
}

/* Registers an opened node (or the fd itself when it is no node); returns fd. */
static int opened(int fd, int flags, const char *path) {
  if (!is_emulated(fd)) return fd;
  struct device *d = calloc(1, sizeof *d);
  if (!d) {
    REAL(close)(fd);
    errno = ENOMEM;
    return -1;
  }
  d->refs = 1;
  d->nonblock = (flags & O_NONBLOCK) != 0;
  pthread_mutex_init(&d->lock, NULL);
  pthread_cond_init(&d->queued_cond, NULL);
  pthread_mutex_lock(&table_lock);
  devices[fd] = d;
  pthread_mutex_unlock(&table_lock);
  trace("open %s -> fd %d%s", path, fd, d->nonblock ? " (nonblocking)" : "");
  return fd;
}

static int mode_arg(int flags, va_list ap) {
  return (flags & O_CREAT) || (flags & O_TMPFILE) == O_TMPFILE ? va_arg(ap, int) : 0;
}

/* open and open64: the same body for each libc symbol (each must be defined by its own name to be interposed). */
#define DEFINE_OPEN(name)                                   \
  int name(const char *path, int flags, ...) {              \
    RESOLVE(name);                                          \
    va_list ap;                                             \
    va_start(ap, flags);                                    \
    int mode = mode_arg(flags, ap);                         \
    va_end(ap);                                             \
    return opened(REAL(name)(path, flags, mode), flags, path); \
  }
DEFINE_OPEN(open)
DEFINE_OPEN(open64)

/* The fortified opens (_FORTIFY_SOURCE, as Debian builds ffmpeg). */
int __open_2(const char *path, int flags) {
  RESOLVE(__open_2);
  return opened(REAL(__open_2)(path, flags), flags, path);
}

int __open64_2(const char *path, int flags) {
  RESOLVE(__open64_2);
  return opened(REAL(__open64_2)(path, flags), flags, path);
}

/* openat and openat64, likewise. */
#define DEFINE_OPENAT(name)                                        \
  int name(int dirfd, const char *path, int flags, ...) {          \
    RESOLVE(name);                                                 \
    va_list ap;                                                    \
    va_start(ap, flags);                                           \
    int mode = mode_arg(flags, ap);                                \
    va_end(ap);                                                    \
    return opened(REAL(name)(dirfd, path, flags, mode), flags, path); \
  }
DEFINE_OPENAT(openat)
DEFINE_OPENAT(openat64)

int dup(int fd) {
  RESOLVE(dup);
  int copy = REAL(dup)(fd);
  struct device *d = device_of(fd);
  if (copy >= 0 && copy < EMU_MAX_FD && d) {
    pthread_mutex_lock(&table_lock);
    d->refs++;
    devices[copy] = d;
    pthread_mutex_unlock(&table_lock);
    trace("dup fd %d -> fd %d", fd, copy);
  }
  return copy;
}

int close(int fd) {
  RESOLVE(close);
  if (fd >= 0 && fd < EMU_MAX_FD) {
    pthread_mutex_lock(&table_lock);
    struct device *d = devices[fd];
    devices[fd] = NULL;
    int last = d && --d->refs == 0;
    pthread_mutex_unlock(&table_lock);
    if (d) trace("close fd %d", fd);
    /* The buffers stay mapped until the reader unmaps them (as with a driver); only the state goes. */
    if (last) {
      pthread_mutex_destroy(&d->lock);
      pthread_cond_destroy(&d->queued_cond);
      free(d);
    }
  }
  return REAL(close)(fd); /* closing the file releases the flock with it */
}

/* The emulated device has streaming I/O only, no read() (V4L2_CAP_READWRITE is not offered). */
ssize_t read(int fd, void *buf, size_t n) {
  RESOLVE(read);
  if (device_of(fd)) {
    errno = EINVAL;
    return -1;
  }
  return REAL(read)(fd, buf, n);
}

/* Unplugged: the node's file was deleted since this fd opened it (a recreated file is another inode). */
static int unplugged(int fd) {
  struct stat st;
  return fstat(fd, &st) != 0 || st.st_nlink == 0;
}

/* Holds the device for this open file (flock on the node); EBUSY when another open file holds it. */
static int claim(int fd) {
  if (flock(fd, LOCK_EX | LOCK_NB) == 0) return 0;
  errno = errno == EWOULDBLOCK ? EBUSY : errno;
  return -1;
}

static void fill_format(struct v4l2_pix_format *pix) {
  memset(pix, 0, sizeof *pix);
  pix->width = EMU_W;
  pix->height = EMU_H;
  pix->pixelformat = V4L2_PIX_FMT_YUYV;
  pix->field = V4L2_FIELD_NONE;
  pix->bytesperline = EMU_BYTESPERLINE;
  pix->sizeimage = EMU_SIZEIMAGE;
  pix->colorspace = V4L2_COLORSPACE_SRGB;
}

static void describe(struct device *d, unsigned i, struct v4l2_buffer *b) {
  uint32_t type = b->type;
  memset(b, 0, sizeof *b);
  b->type = type;
  b->index = i;
  b->memory = V4L2_MEMORY_MMAP;
  b->length = EMU_SIZEIMAGE;
  b->m.offset = EMU_OFFSET(i);
  b->field = V4L2_FIELD_NONE;
  b->flags = V4L2_BUF_FLAG_TIMESTAMP_MONOTONIC | (d->buf[i].addr ? V4L2_BUF_FLAG_MAPPED : 0) |
             (d->buf[i].queued ? V4L2_BUF_FLAG_QUEUED : 0);
}

static uint64_t ns_of(const struct timespec *t) { return (uint64_t)t->tv_sec * 1000000000u + (uint64_t)t->tv_nsec; }

static int oldest_queued(struct device *d) {
  int best = -1;
  for (unsigned i = 0; i < d->count; i++)
    if (d->buf[i].queued && (best < 0 || d->buf[i].order < d->buf[best].order)) best = (int)i;
  return best;
}

/*
 * VIDIOC_DQBUF: waits for the next frame time (start + n / EMU_FPS; a reader that fell behind gets the newest frame,
 * the ones between are dropped and the sequence skips them), then hands out the oldest queued buffer.
 */
static int dqbuf(int fd, struct device *d, struct v4l2_buffer *b) {
  const uint64_t period = 1000000000u / EMU_FPS;
  pthread_mutex_lock(&d->lock);
  if (!d->streaming || b->type != V4L2_BUF_TYPE_VIDEO_CAPTURE || b->memory != V4L2_MEMORY_MMAP) {
    pthread_mutex_unlock(&d->lock);
    errno = EINVAL;
    return -1;
  }
  struct timespec now;
  clock_gettime(CLOCK_MONOTONIC, &now);
  uint64_t elapsed = ns_of(&now) - ns_of(&d->start);
  if (elapsed / period > d->frame + 1) { /* more than a frame late: drop the missed ones */
    d->sequence += (uint32_t)(elapsed / period - d->frame);
    d->frame = elapsed / period;
  }
  uint64_t due = ns_of(&d->start) + d->frame * period;
  if (d->nonblock && ns_of(&now) < due) {
    pthread_mutex_unlock(&d->lock);
    errno = EAGAIN;
    return -1;
  }
  pthread_mutex_unlock(&d->lock);
  struct timespec at = {.tv_sec = (time_t)(due / 1000000000u), .tv_nsec = (long)(due % 1000000000u)};
  while (clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &at, NULL) == EINTR) {
  }
  pthread_mutex_lock(&d->lock);
  int i;
  /* ffmpeg keeps a buffer queued; should none be, wait for the reader's other thread to queue one. */
  while ((i = oldest_queued(d)) < 0 && d->streaming) {
    if (d->nonblock || unplugged(fd)) break;
    struct timespec limit;
    clock_gettime(CLOCK_REALTIME, &limit);
    limit.tv_nsec += 100000000;
    if (limit.tv_nsec >= 1000000000) {
      limit.tv_sec++;
      limit.tv_nsec -= 1000000000;
    }
    pthread_cond_timedwait(&d->queued_cond, &d->lock, &limit);
  }
  if (unplugged(fd) || i < 0 || !d->streaming) {
    int err = unplugged(fd) ? ENODEV : d->streaming ? EAGAIN : EINVAL;
    pthread_mutex_unlock(&d->lock);
    errno = err;
    return -1;
  }
  if (d->buf[i].addr) { /* the picture: what the "camera" sees */
    unsigned char *p = d->buf[i].addr;
    for (size_t o = 0; o < EMU_SIZEIMAGE; o += 4) memcpy(p + o, GREEN, 4);
  }
  d->buf[i].queued = 0;
  describe(d, (unsigned)i, b);
  b->bytesused = EMU_SIZEIMAGE;
  b->flags |= V4L2_BUF_FLAG_DONE;
  b->sequence = d->sequence++;
  b->timestamp.tv_sec = at.tv_sec;
  b->timestamp.tv_usec = at.tv_nsec / 1000;
  d->frame++;
  pthread_mutex_unlock(&d->lock);
  return 0;
}

static int emulated_ioctl(int fd, struct device *d, unsigned long request, void *arg) {
  if (unplugged(fd)) { /* as V4L2 answers every ioctl of a node whose device is gone */
    errno = ENODEV;
    return -1;
  }
  switch (request) {
  case VIDIOC_QUERYCAP: {
    struct v4l2_capability *cap = arg;
    memset(cap, 0, sizeof *cap);
    snprintf((char *)cap->driver, sizeof cap->driver, "roomcast-emul");
    snprintf((char *)cap->card, sizeof cap->card, "Roomcast emulated camera");
    snprintf((char *)cap->bus_info, sizeof cap->bus_info, "emulated:%d", fd);
    cap->version = 0x060100;
    cap->device_caps = V4L2_CAP_VIDEO_CAPTURE | V4L2_CAP_STREAMING;
    cap->capabilities = cap->device_caps | V4L2_CAP_DEVICE_CAPS;
    return 0;
  }
  case VIDIOC_G_INPUT:
    *(int *)arg = 0;
    return 0;
  case VIDIOC_S_INPUT:
    if (*(int *)arg == 0) return 0;
    break;
  case VIDIOC_ENUMINPUT: {
    struct v4l2_input *in = arg;
    if (in->index != 0) break;
    memset(in, 0, sizeof *in);
    snprintf((char *)in->name, sizeof in->name, "Camera 1");
    in->type = V4L2_INPUT_TYPE_CAMERA;
    return 0;
  }
  case VIDIOC_ENUM_FMT: {
    struct v4l2_fmtdesc *f = arg;
    if (f->index != 0 || f->type != V4L2_BUF_TYPE_VIDEO_CAPTURE) break;
    uint32_t type = f->type;
    memset(f, 0, sizeof *f);
    f->type = type;
    f->pixelformat = V4L2_PIX_FMT_YUYV;
    snprintf((char *)f->description, sizeof f->description, "YUYV 4:2:2");
    return 0;
  }
  case VIDIOC_ENUM_FRAMESIZES: {
    struct v4l2_frmsizeenum *s = arg;
    if (s->index != 0 || s->pixel_format != V4L2_PIX_FMT_YUYV) break;
    s->type = V4L2_FRMSIZE_TYPE_DISCRETE;
    s->discrete.width = EMU_W;
    s->discrete.height = EMU_H;
    return 0;
  }
  case VIDIOC_ENUM_FRAMEINTERVALS: {
    struct v4l2_frmivalenum *iv = arg;
    if (iv->index != 0 || iv->pixel_format != V4L2_PIX_FMT_YUYV || iv->width != EMU_W || iv->height != EMU_H) break;
    iv->type = V4L2_FRMIVAL_TYPE_DISCRETE;
    iv->discrete.numerator = 1;
    iv->discrete.denominator = EMU_FPS;
    return 0;
  }
  case VIDIOC_G_FMT:
  case VIDIOC_TRY_FMT:
  case VIDIOC_S_FMT: {
    struct v4l2_format *f = arg;
    if (f->type != V4L2_BUF_TYPE_VIDEO_CAPTURE) break;
    if (request == VIDIOC_S_FMT) {
      pthread_mutex_lock(&d->lock);
      int busy = d->count > 0;
      pthread_mutex_unlock(&d->lock);
      if (busy || claim(fd) != 0) {
        errno = EBUSY;
        return -1;
      }
    }
    /* One format and size: any request is answered with it, as a driver picks the nearest it has. */
    fill_format(&f->fmt.pix);
    return 0;
  }
  case VIDIOC_G_PARM:
  case VIDIOC_S_PARM: {
    struct v4l2_streamparm *p = arg;
    if (p->type != V4L2_BUF_TYPE_VIDEO_CAPTURE) break;
    /* One rate: S_PARM answers with it whatever was asked (ffmpeg then says "the driver changed the time per frame"). */
    memset(&p->parm.capture, 0, sizeof p->parm.capture);
    p->parm.capture.capability = V4L2_CAP_TIMEPERFRAME;
    p->parm.capture.timeperframe.numerator = 1;
    p->parm.capture.timeperframe.denominator = EMU_FPS;
    p->parm.capture.readbuffers = 0;
    return 0;
  }
  case VIDIOC_REQBUFS: {
    struct v4l2_requestbuffers *r = arg;
    if (r->type != V4L2_BUF_TYPE_VIDEO_CAPTURE || r->memory != V4L2_MEMORY_MMAP) break;
    if (r->count > 0 && claim(fd) != 0) return -1;
    pthread_mutex_lock(&d->lock);
    if (d->streaming) {
      pthread_mutex_unlock(&d->lock);
      errno = EBUSY;
      return -1;
    }
    d->count = r->count > EMU_MAX_BUFFERS ? EMU_MAX_BUFFERS : r->count;
    memset(d->buf, 0, sizeof d->buf);
    r->count = d->count;
    r->capabilities = V4L2_BUF_CAP_SUPPORTS_MMAP;
    pthread_mutex_unlock(&d->lock);
    if (d->count == 0) flock(fd, LOCK_UN);
    return 0;
  }
  case VIDIOC_QUERYBUF: {
    struct v4l2_buffer *b = arg;
    pthread_mutex_lock(&d->lock);
    int ok = b->type == V4L2_BUF_TYPE_VIDEO_CAPTURE && b->index < d->count;
    if (ok) describe(d, b->index, b);
    pthread_mutex_unlock(&d->lock);
    if (ok) return 0;
    break;
  }
  case VIDIOC_QBUF: {
    struct v4l2_buffer *b = arg;
    pthread_mutex_lock(&d->lock);
    int ok = b->type == V4L2_BUF_TYPE_VIDEO_CAPTURE && b->memory == V4L2_MEMORY_MMAP && b->index < d->count &&
             !d->buf[b->index].queued;
    if (ok) {
      d->buf[b->index].queued = 1;
      d->buf[b->index].order = d->next_order++;
      describe(d, b->index, b);
      pthread_cond_signal(&d->queued_cond);
    }
    pthread_mutex_unlock(&d->lock);
    if (ok) return 0;
    break;
  }
  case VIDIOC_DQBUF:
    return dqbuf(fd, d, arg);
  case VIDIOC_STREAMON:
  case VIDIOC_STREAMOFF: {
    if (*(int *)arg != V4L2_BUF_TYPE_VIDEO_CAPTURE) break;
    pthread_mutex_lock(&d->lock);
    if (request == VIDIOC_STREAMON) {
      if (d->count == 0) {
        pthread_mutex_unlock(&d->lock);
        break;
      }
      if (!d->streaming) {
        d->streaming = 1;
        clock_gettime(CLOCK_MONOTONIC, &d->start);
        d->frame = 1; /* the first frame one period after the start */
        d->sequence = 0;
      }
    } else {
      d->streaming = 0;
      for (unsigned i = 0; i < d->count; i++) d->buf[i].queued = 0; /* STREAMOFF dequeues every buffer */
      pthread_cond_broadcast(&d->queued_cond);
    }
    pthread_mutex_unlock(&d->lock);
    return 0;
  }
  case VIDIOC_G_STD:
  case VIDIOC_S_STD:
  case VIDIOC_ENUMSTD:
  case VIDIOC_QUERYSTD:
  default:
    /* A webcam has no TV standard; an ioctl a driver lacks is ENOTTY. */
    errno = ENOTTY;
    return -1;
  }
  errno = EINVAL;
  return -1;
}

static const char *ioctl_name(unsigned long request) {
  switch (request) {
#define NAME(r)                                                                                                        \
  case r:                                                                                                              \
    return #r;
    NAME(VIDIOC_QUERYCAP)
    NAME(VIDIOC_G_INPUT)
    NAME(VIDIOC_S_INPUT)
    NAME(VIDIOC_ENUMINPUT)
    NAME(VIDIOC_ENUM_FMT)
    NAME(VIDIOC_ENUM_FRAMESIZES)
    NAME(VIDIOC_ENUM_FRAMEINTERVALS)
    NAME(VIDIOC_G_FMT)
    NAME(VIDIOC_S_FMT)
    NAME(VIDIOC_TRY_FMT)
    NAME(VIDIOC_G_PARM)
    NAME(VIDIOC_S_PARM)
    NAME(VIDIOC_G_STD)
    NAME(VIDIOC_ENUMSTD)
    NAME(VIDIOC_REQBUFS)
    NAME(VIDIOC_QUERYBUF)
    NAME(VIDIOC_QBUF)
    NAME(VIDIOC_DQBUF)
    NAME(VIDIOC_STREAMON)
    NAME(VIDIOC_STREAMOFF)
#undef NAME
  default:
    return "other";
  }
}

int ioctl(int fd, unsigned long request, ...) {
  RESOLVE(ioctl);
  va_list ap;
  va_start(ap, request);
  void *arg = va_arg(ap, void *);
  va_end(ap);
  struct device *d = device_of(fd);
  if (!d) return REAL(ioctl)(fd, request, arg);
  int res = emulated_ioctl(fd, d, request, arg);
  /* DQBUF and QBUF come 30 times a second (DQBUF's EAGAIN more often): only their failures are traced. */
  int err = errno;
  int frame = request == VIDIOC_DQBUF || request == VIDIOC_QBUF;
  if (getenv("ROOMCAST_EMULATED_V4L2_LOG") && (frame ? res != 0 && err != EAGAIN : 1)) {
    trace("ioctl fd %d %s (0x%lx) -> %s", fd, ioctl_name(request), request, res == 0 ? "ok" : strerror(err));
    errno = err;
  }
  return res;
}

/* The buffers: anonymous memory, found by the offset QUERYBUF gave, filled with the picture at each DQBUF. */
static void *emulated_mmap(int fd, struct device *d, size_t length, int prot, off_t offset) {
  pthread_mutex_lock(&d->lock);
  unsigned i = 0;
  while (i < d->count && EMU_OFFSET(i) != (uint64_t)offset) i++;
  if (i == d->count || length < EMU_SIZEIMAGE || unplugged(fd)) {
    pthread_mutex_unlock(&d->lock);
    errno = unplugged(fd) ? ENODEV : EINVAL;
    return MAP_FAILED;
  }
  RESOLVE(mmap);
  void *p = REAL(mmap)(NULL, length, prot, MAP_SHARED | MAP_ANONYMOUS, -1, 0);
  if (p != MAP_FAILED) d->buf[i].addr = p;
  pthread_mutex_unlock(&d->lock);
  trace("mmap fd %d buffer %u (%zu bytes) -> %s", fd, i, length, p == MAP_FAILED ? "failed" : "ok");
  return p;
}

void *mmap(void *addr, size_t length, int prot, int flags, int fd, off_t offset) {
  RESOLVE(mmap);
  struct device *d = (flags & MAP_ANONYMOUS) ? NULL : device_of(fd);
  if (d) return emulated_mmap(fd, d, length, prot, offset);
  return REAL(mmap)(addr, length, prot, flags, fd, offset);
}

void *mmap64(void *addr, size_t length, int prot, int flags, int fd, off64_t offset) {
  RESOLVE(mmap64);
  struct device *d = (flags & MAP_ANONYMOUS) ? NULL : device_of(fd);
  if (d) return emulated_mmap(fd, d, length, prot, (off_t)offset);
  return REAL(mmap64)(addr, length, prot, flags, fd, offset);
}
/* munmap is not wrapped: the buffers are ordinary anonymous mappings, which the real munmap releases. */
