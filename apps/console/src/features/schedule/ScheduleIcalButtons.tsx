import { useState } from 'react';
import { App, Button, Upload } from 'antd';
import { DownloadOutlined, UploadOutlined } from '@ant-design/icons';
import { ICAL_IMPORT_MAX } from '@roomcast/contract';
import { useTranslation } from 'react-i18next';
import { call, saveBlob } from '../../api/client';
import { showApiError } from '../../api/hooks';
import { localizeServerMessage, tMessage } from '../../app/messages';

interface Props {
  /** The schedules changed: the list is read again. */
  onImported: () => void;
}

/** iCal on the schedule card: Export saves every schedule as one .ics file; Import adds the events of one. */
export function ScheduleIcalButtons({ onImported }: Props) {
  const { t } = useTranslation('schedule');
  const { message, modal } = App.useApp();
  const [busy, setBusy] = useState<'import' | 'export'>();

  const exportIcal = async () => {
    setBusy('export');
    try {
      const { filename, ics } = await call('exportschedule', {});
      saveBlob(new Blob([ics], { type: 'text/calendar;charset=utf-8' }), filename);
    } catch (err) {
      showApiError(err);
    } finally {
      setBusy(undefined);
    }
  };

  const importIcal = async (file: File) => {
    if (file.size > ICAL_IMPORT_MAX) {
      void message.warning(t('ical.tooLarge'));
      return;
    }
    setBusy('import');
    try {
      const result = await call('importschedule', { ics: await file.text() });
      if (result.problems.length === 0) {
        void message.success(t('ical.imported', { added: result.added, updated: result.updated }));
        onImported();
        return;
      }
      // Nothing was imported: each event that cannot be a schedule, with why, in the reader's language.
      modal.error({
        title: tMessage('icalImportRefused', result.problems.length, result.problems.length + result.added + result.updated),
        content: (
          <ul className="rc-ical-problems" data-testid="ical-problems">
            {result.problems.map((p) => (
              <li key={`${p.uid}-${p.name}`}>
                <strong>{p.name || p.uid}</strong>: {localizeServerMessage(p.message)}
              </li>
            ))}
          </ul>
        ),
      });
    } catch (err) {
      showApiError(err);
    } finally {
      setBusy(undefined);
    }
  };

  return (
    <>
      <Upload
        accept=".ics,text/calendar"
        showUploadList={false}
        beforeUpload={(file) => {
          void importIcal(file);
          return false;
        }}
      >
        <Button icon={<UploadOutlined />} loading={busy === 'import'}>
          {t('ical.import')}
        </Button>
      </Upload>
      <Button icon={<DownloadOutlined />} loading={busy === 'export'} onClick={() => void exportIcal()}>
        {t('ical.export')}
      </Button>
    </>
  );
}
