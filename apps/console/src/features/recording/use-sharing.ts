import { useEffect, useRef } from 'react';
import { App } from 'antd';
import { SHARE_TARGETS, type ShareTarget, type Transfer, type TransferTarget, type UploadState } from '@roomcast/contract';
import { useTranslation } from 'react-i18next';
import { useCallMutation, useCallQuery } from '../../api/hooks';
import { usePollWhile } from '../../api/use-poll-while';
import { tMessage } from '../../app/messages';
import { useWebConfig } from '../../app/webconfig';

/** How often the upload queue is read while something in it is waiting or uploading. */
const ACTIVE_POLL_MS = 2_000;

const isActive = (t: Transfer) => t.state === 'queued' || t.state === 'running';

/**
 * Files shared from this page whose outcome is still to be said, by provider and file: the newest transfer id
 * known when Share was pressed (the new transfer has a higher one).
 */
const watched = new Map<string, number>();
const watchKey = (filepath: string, target: TransferTarget) => `${target}|${filepath}`;
/** Ids of every transfer read so far (the highest is what a new share's transfer will exceed). */
let newestKnownId = 0;

/** The providers a recording can be shared to now: the web config's site.cloundShare, then each provider's switch. */
export function useShareTargets(): ShareTarget[] {
  const { site } = useWebConfig();
  const providers = useCallQuery('listshare', {}, { enabled: site.cloundShare, silent: true });
  return site.cloundShare ? (providers.data ?? []).filter((p) => p.enable).map((p) => p.type) : [];
}

/**
 * The upload queue (newest first), of one recording or of all the caller may see. It is read every 2 s while
 * a transfer is waiting or uploading; when one this page watched ends, the outcome is said once: msgShareCompleted,
 * or msgShareError with the reason (spec §8).
 */
export function useTransfers(recordid?: string) {
  const { message } = App.useApp();
  const { t: tr } = useTranslation('recording');
  const query = useCallQuery('listtransfer', { recordid: recordid ?? '' }, { silent: true });
  const transfers = query.data ?? [];
  const active = transfers.some(isActive);
  usePollWhile(active, query.refetch, ACTIVE_POLL_MS);

  // States seen before, by transfer id: a change seen on this page is announced, not old outcomes.
  const seen = useRef(new Map<number, Transfer['state']>());
  useEffect(() => {
    const newest = new Set<string>();
    for (const t of transfers) newestKnownId = Math.max(newestKnownId, t.id);
    for (const t of transfers) {
      const key = watchKey(t.filepath, t.target);
      const isNewest = !newest.has(key);
      newest.add(key);
      const before = seen.current.get(t.id);
      seen.current.set(t.id, t.state);
      // Shares are announced here; FTP and media-server uploads show in the list and the operation log.
      if (isActive(t) || !(SHARE_TARGETS as readonly string[]).includes(t.target)) continue;
      // Shared from this page and already ended when first read (a small file), or seen running and now ended.
      const since = watched.get(key);
      const watchedHere = isNewest && since !== undefined && t.id > since;
      if (watchedHere) watched.delete(key);
      const endedHere = before !== undefined && before !== t.state && (before === 'queued' || before === 'running');
      if (!watchedHere && !endedHere) continue;
      const where = tr(`share.to.${t.target}`);
      if (t.state === 'done') void message.success(`${tMessage('msgShareCompleted')}: ${t.title} (${where})`);
      else void message.error(`${tMessage('msgShareError')}: ${t.error} (${where})`);
    }
  }, [transfers, message, tr]);
  return { transfers, loading: query.isLoading, refetch: query.refetch };
}

/**
 * Where each listed recording's uploads are (`listupload`: per target, over the newest transfer of each file),
 * for the recordings list's upload column; read every 2 s while one is waiting or uploading.
 */
export function useUploads(recordids: string[]): Map<string, UploadState[]> {
  const query = useCallQuery('listupload', { recordids }, { silent: true, enabled: recordids.length > 0 });
  const states = query.data ?? [];
  const active = states.some((u) => u.state === 'queued' || u.state === 'running');
  usePollWhile(active, query.refetch, ACTIVE_POLL_MS);
  const byRecording = new Map<string, UploadState[]>();
  for (const u of states) byRecording.set(u.recordid, [...(byRecording.get(u.recordid) ?? []), u]);
  return byRecording;
}

/** `share`: queues a file for upload; the queue is read again at once so its progress shows and its outcome is said. */
export function useShare() {
  const { message } = App.useApp();
  const { t } = useTranslation('recording');
  const mutation = useCallMutation('share', {
    invalidate: ['listtransfer', 'listupload'],
    silent: true,
    onSuccess: (_data, body) => {
      void message.info(tMessage('shareQueued', t(`share.to.${body.type}`)));
    },
  });
  return {
    isPending: mutation.isPending,
    share(file: string, type: ShareTarget, onError: (err: unknown) => void) {
      // Watched before the call: a small file may be uploaded before the queue is read again.
      watched.set(watchKey(file, type), newestKnownId);
      mutation.mutate(
        { file, type },
        {
          onError: (err) => {
            watched.delete(watchKey(file, type));
            onError(err);
          },
        },
      );
    },
  };
}
