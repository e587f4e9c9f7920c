import { Flex } from 'antd';
import { useCallQuery } from '../api/hooks';
import { useLiveSource } from '../components/live/use-live-source';
import { LiveCard } from '../features/live/room/LiveCard';
import { VodCard } from '../features/albums/viewer/VodCard';

/** The live card comes when the room goes on air (or is published) and goes when it stops, within this. */
const LIVE_POLL_MS = 10_000;

/**
 * /main: the live room and the shared albums. No login needed. The live card shows while `livesource`
 * answers: the room is living and published, or this user has `live` (spec §2; the service decides).
 */
export default function ViewerHomePage() {
  const room = useCallQuery('roominfo', {}, { silent: true });
  const live = useLiveSource({ pollMs: LIVE_POLL_MS });
  return (
    <Flex vertical gap={20} className="rc-viewer">
      {live.source && <LiveCard roomname={room.data?.roomname ?? ''} source={live.source} refresh={live.refresh} />}
      <VodCard />
    </Flex>
  );
}
