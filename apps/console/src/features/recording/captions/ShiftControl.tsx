import { useId, useState } from 'react';
import { App, Button, InputNumber } from 'antd';
import { useTranslation } from 'react-i18next';
import type { CaptionEditor } from './use-caption-editor';

/** Moves the chosen cues (all when none is chosen) earlier or later by a number of milliseconds. */
export function ShiftControl({ editor }: { editor: CaptionEditor }) {
  const { t } = useTranslation('captions', { keyPrefix: 'editor' });
  const { message } = App.useApp();
  const id = useId();
  const [ms, setMs] = useState<number | null>(0);
  const count = editor.selected.length;

  const shift = () => {
    const wanted = Math.round(ms ?? 0);
    if (wanted === 0) return;
    const applied = editor.shift(wanted);
    if (applied === wanted) void message.success(t('shifted', { ms: applied }));
    else void message.warning(t('shiftCut', { ms: applied }));
  };

  return (
    <div>
      <label htmlFor={id} className="rc-caption-field-label">
        {t('shiftBy')}
      </label>
      <div className="rc-caption-shift">
        <InputNumber id={id} value={ms} onChange={setMs} step={100} precision={0} onPressEnter={shift} />
        <Button onClick={shift} disabled={!ms || editor.cues.length === 0}>
          {count > 0 ? t('shiftSelected', { count }) : t('shiftAll')}
        </Button>
      </div>
    </div>
  );
}
