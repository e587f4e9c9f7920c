import type { FastifyInstance } from 'fastify';
import {
  PPT_EVENTS_PATH,
  PPT_PAGE_PATH,
  PPT_PAGE_TEXT,
  PPT_SCRIPT_PATH,
  PPT_SLIDE_EVENT,
  PPT_SLIDE_PATH,
  pptPageLanguage,
  type PptPageLanguage,
} from '@roomcast/contract';
import type { LatestSlide, SlideService } from '../services/ppt/index.js';
import { openEventStream } from './event-stream.js';
import { refusal, sendAnswer } from './refusals.js';

/** Open event streams of ppt.html, all viewers together (a class of phones; each stream is only a socket). */
const MAX_STREAMS = 1000;
/** How long a browser waits before reconnecting a dropped stream (the SSE `retry` field). */
const RETRY_MS = 3000;
/** The event that tells the page push was turned off (it shows so and tries again later). */
const OFF_EVENT = 'off';

const html = (lang: PptPageLanguage, on: boolean) => {
  const t = PPT_PAGE_TEXT[lang];
  return `<!doctype html>
<html lang="${lang.replace('_', '-')}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${t.title}</title>
<style>
html, body { margin: 0; height: 100%; background: #111; color: #eee; font: 16px/1.4 system-ui, sans-serif; }
main { display: flex; align-items: center; justify-content: center; min-height: 100%; }
img { max-width: 100vw; max-height: 100vh; object-fit: contain; }
img[hidden], p[hidden] { display: none; }
p { padding: 1em; text-align: center; }
</style>
</head>
<body>
<main>
<img id="slide" alt="${t.slideAlt}" hidden>
<p id="status" role="status" data-waiting="${t.waiting}" data-off="${t.off}">${on ? t.waiting : t.off}</p>
</main>
<script src="${PPT_SCRIPT_PATH}"></script>
</body>
</html>
`;
};

// The page's script: shows each new slide the event stream announces; when push is off (the stream is refused or
// says so), it says so and asks again every 10 s. No framework: phones open this from a QR code.
const SCRIPT = `'use strict';
(() => {
  const img = document.getElementById('slide');
  const status = document.getElementById('status');
  const say = (text) => { status.textContent = text; status.hidden = false; img.hidden = true; };
  img.addEventListener('load', () => { img.hidden = false; status.hidden = true; });
  let source;
  const connect = () => {
    source = new EventSource(${JSON.stringify(PPT_EVENTS_PATH)});
    source.addEventListener(${JSON.stringify(PPT_SLIDE_EVENT)}, (e) => {
      img.src = ${JSON.stringify(PPT_SLIDE_PATH)} + '?n=' + JSON.parse(e.data).n;
    });
    const off = () => { source.close(); say(status.dataset.off); setTimeout(connect, 10000); };
    source.addEventListener(${JSON.stringify(OFF_EVENT)}, off);
    source.onerror = () => { if (source.readyState === EventSource.CLOSED) off(); };
  };
  connect();
})();
`;

/**
 * The public slides page (docs/media-engine.md "Slides"): `GET /ppt.html` (in the browser's language), its script,
 * `GET /ppt/slide.jpg` (the latest slide) and `GET /ppt/events` (Server-Sent Events: a `slide` event with the new
 * slide's number each time there is one). Served while `setting_ppt.pushenable` is on, to anyone, like a
 * published live room; otherwise the page says slides are not shared and the picture and the stream are 404.
 */
export function registerPptRoutes(app: FastifyInstance, slides: SlideService): void {
  const streams = new Set<() => void>();
  // An open stream would keep the server from closing.
  app.addHook('preClose', async () => {
    for (const close of [...streams]) close();
  });

  app.get(PPT_PAGE_PATH, async (req, reply) => {
    const on = slides.pushEnabled();
    return reply
      .code(on ? 200 : 404)
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .header('vary', 'accept-language')
      .send(html(pptPageLanguage(req.headers['accept-language']), on));
  });

  app.get(PPT_SCRIPT_PATH, async (_req, reply) =>
    reply.type('text/javascript; charset=utf-8').header('cache-control', 'no-cache').send(SCRIPT),
  );

  app.get(PPT_SLIDE_PATH, async (req, reply) => {
    const slide = slides.latest();
    if (!slide) return sendAnswer(reply, refusal.notFound('no slide to show'));
    const etag = `"slide-${slide.n}"`;
    reply.header('etag', etag).header('cache-control', 'no-cache');
    if (req.headers['if-none-match'] === etag) return reply.code(304).send();
    return reply.code(200).type('image/jpeg').send(slide.jpeg);
  });

  app.get(PPT_EVENTS_PATH, async (_req, reply) => {
    if (!slides.pushEnabled()) return sendAnswer(reply, refusal.notFound('slides are not shared'));
    if (streams.size >= MAX_STREAMS) return sendAnswer(reply, refusal.status(429, 'ppt: too many viewers'));
    const raw = openEventStream(reply);
    let unsubscribe = () => {};
    const close = () => {
      if (!streams.delete(close)) return;
      unsubscribe();
      raw.end();
    };
    streams.add(close);
    raw.on('close', close);
    // A slow reader gets only the newest number once it has read the rest: only the latest slide matters.
    let skipped: LatestSlide | undefined;
    const send = (slide: LatestSlide | undefined) => {
      if (raw.writableEnded) return;
      if (!slide) {
        raw.write(`event: ${OFF_EVENT}\ndata: {}\n\n`);
        close();
        return;
      }
      if (raw.writableNeedDrain) {
        skipped = slide;
        return;
      }
      raw.write(`event: ${PPT_SLIDE_EVENT}\ndata: ${JSON.stringify({ n: slide.n })}\n\n`);
    };
    raw.on('drain', () => {
      const next = skipped;
      skipped = undefined;
      if (next) send(next);
    });
    raw.write(`retry: ${RETRY_MS}\n\n`);
    const now = slides.latest();
    if (now) send(now);
    unsubscribe = slides.subscribe(send);
    return reply;
  });
}
