import { App, Button, Dropdown } from 'antd';
import { ShareAltOutlined } from '@ant-design/icons';
import type { ShareTarget } from '@roomcast/contract';
import { useTranslation } from 'react-i18next';
import { apiErrorText } from '../../api/hooks';
import { tMessage } from '../../app/messages';
import { useShare } from './use-sharing';

interface Props {
  /** The storage-relative path of the file to share (listmedia's `files[].filepath`). */
  filepath: string | undefined;
  /** What the row is called, for the button's accessible name. */
  rowName: string;
  targets: ShareTarget[];
}

/** Share to Google Drive or Dropbox (spec §2): a menu of the enabled providers; nothing when none is enabled. */
export function ShareMenu({ filepath, rowName, targets }: Props) {
  const { t } = useTranslation('recording');
  const { message } = App.useApp();
  const share = useShare();
  if (targets.length === 0) return null;
  const send = (type: ShareTarget) => {
    if (!filepath) return;
    share.share(filepath, type, (err) => void message.error(`${tMessage('msgShareError')}: ${apiErrorText(err)}`));
  };
  return (
    <Dropdown
      trigger={['click']}
      disabled={!filepath}
      menu={{
        items: targets.map((type) => ({ key: type, label: t(`share.to.${type}`) })),
        onClick: ({ key }) => send(key as ShareTarget),
      }}
    >
      <Button
        type="link"
        size="small"
        icon={<ShareAltOutlined />}
        autoInsertSpace={false}
        aria-label={`${t('actions.share')} ${rowName}`}
        loading={share.isPending}
      >
        {t('actions.share')}
      </Button>
    </Dropdown>
  );
}
