import { Progress, Space, Tag, Tooltip } from 'antd';
import type { Transfer } from '@roomcast/contract';
import { useTranslation } from 'react-i18next';

const COLORS: Record<Transfer['state'], string> = { queued: 'default', running: 'processing', done: 'success', failed: 'error' };

/**
 * One transfer (or a recording's upload to one target, `listupload`) as people read it: where it goes, queued /
 * uploading n % / done / failed with the reason; `detail` adds a line (e.g. "3 of 5 files").
 */
export function TransferState({
  transfer,
  detail,
}: {
  transfer: Pick<Transfer, 'target' | 'state' | 'percent' | 'error'>;
  detail?: string;
}) {
  const { t } = useTranslation('recording');
  const target = t(`share.to.${transfer.target}`);
  const state = t(`share.state.${transfer.state}`);
  // A queued transfer that has failed before is waiting to retry: its last reason is worth seeing.
  const reason = transfer.error && transfer.state !== 'done' ? transfer.error : undefined;
  const tag = (
    <Tag color={COLORS[transfer.state]} data-testid="transfer-state" data-target={transfer.target}>
      {state}
    </Tag>
  );
  return (
    <Space size={4} direction="vertical" style={{ minWidth: 120 }}>
      <span>
        {target}: {reason ? <Tooltip title={reason}>{tag}</Tooltip> : tag}
      </span>
      {detail && <span className="rc-transfer-detail">{detail}</span>}
      {transfer.state === 'running' && <Progress percent={transfer.percent} size="small" aria-label={`${target} ${transfer.percent}%`} />}
      {reason && <span className="rc-transfer-reason">{reason}</span>}
    </Space>
  );
}
