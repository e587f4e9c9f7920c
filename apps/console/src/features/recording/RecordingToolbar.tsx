import type { ReactNode } from 'react';
import { Button, DatePicker, Input, Space } from 'antd';
import { ReloadOutlined, UndoOutlined } from '@ant-design/icons';
import type { Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';

export type DayRange = [Dayjs, Dayjs] | null;

interface Props {
  name: string;
  onNameChange: (name: string) => void;
  /** Enter (or the search button) searches by the name typed. */
  onSearch: (name: string) => void;
  range: DayRange;
  onRangeChange: (range: DayRange) => void;
  onReset: () => void;
  onRefresh: () => void;
  refreshing: boolean;
  /** More buttons at the end (the upload queue). */
  extra?: ReactNode;
}

/** Search by name, the created-date range, Reset and Refresh (spec §2). */
export function RecordingToolbar(p: Props) {
  const { t } = useTranslation('recording');
  return (
    <Space wrap className="rc-recording-toolbar">
      <Input.Search
        allowClear
        value={p.name}
        onChange={(e) => p.onNameChange(e.target.value)}
        onSearch={(value) => p.onSearch(value.trim())}
        placeholder={t('search.name')}
        aria-label={t('search.name')}
        style={{ width: 260 }}
      />
      <DatePicker.RangePicker
        value={p.range}
        onChange={(value) => p.onRangeChange(value?.[0] && value[1] ? [value[0], value[1]] : null)}
        placeholder={[t('search.start'), t('search.end')]}
        aria-label={t('search.range')}
        allowClear
      />
      <Button icon={<UndoOutlined />} onClick={p.onReset}>
        {t('search.reset')}
      </Button>
      <Button icon={<ReloadOutlined />} onClick={p.onRefresh} loading={p.refreshing}>
        {t('search.refresh')}
      </Button>
      {p.extra}
    </Space>
  );
}
