import type { FastifyInstance } from 'fastify';
import { PICTURE_PATH, PICTURE_PERMISSION, PICTURE_SOURCE_HEADER } from '@roomcast/contract';
import type { SessionService } from '../services/access/index.js';
import type { PictureSettings } from '../services/layout/index.js';
import { refusal, sendAnswer } from './refusals.js';
import { sessionGuard } from './session-guard.js';

/**
 * `GET /api/monitor/picture.jpg`: the composed picture as the settings make it now, for the screens that change it
 * (OSD, effect, video): a frame of the running encode on the latest settings, else a still rendered from the sources;
 * header `x-picture-source` on a 503 (none came out) as well.
 * The session header of a user with one of those screens' functions or the monitor's (401/403 as the calls refuse).
 */
export function registerPictureRoute(app: FastifyInstance, sessions: SessionService, picture: PictureSettings['picture']): void {
  const permitted = sessionGuard(sessions, PICTURE_PERMISSION);
  app.get(PICTURE_PATH, async (req, reply) => {
    if (!permitted(req, reply)) return reply;
    const shot = await picture.get();
    // The source on a miss too: an encode starting or restarting (after a save) gives its picture soon, so the
    // console asks again; a still that did not come out is not retried.
    if (!shot.jpeg)
      return sendAnswer(reply, refusal.status(503, 'picture: no picture came out of the sources'), {
        [PICTURE_SOURCE_HEADER]: shot.source,
      });
    return reply
      .code(200)
      .type('image/jpeg')
      .header('cache-control', 'no-store')
      .header(PICTURE_SOURCE_HEADER, shot.source)
      .send(shot.jpeg);
  });
}
