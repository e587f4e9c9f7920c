import { Flex } from 'antd';
import { useCallQuery } from '../../api/hooks';
import { useAuth } from '../../app/auth';
import { LiveCard } from './LiveCard';
import { VodCard } from './VodCard';
import { parseRoomStatus, showLive } from './room-status';
import './viewer.css';

/** /main: the live room (when it is on air and may be watched) and the shared albums. No login needed. */
export default function ViewerHomePage() {
  const { can } = useAuth();
  const status = useCallQuery('readconfig', { settingcode: 'setting_roomstatus' }, { silent: true });
  const room = useCallQuery('roominfo', {}, { silent: true });
  const live = parseRoomStatus(status.data);
  return (
    <Flex vertical gap={20} className="rc-viewer">
      {showLive(live, can('live')) && <LiveCard roomname={room.data?.roomname ?? ''} urlsession={live.urlsession} />}
      <VodCard />
    </Flex>
  );
}
