import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { shortName, useNarrow } from '../../app/use-narrow';

interface Props {
  title: string;
  /** Runs with the new, trimmed title when it differs; failures are shown by the mutation. Absent: not editable. */
  onSave?: (title: string) => unknown;
}

/**
 * A title edited in place (Enter or leaving the box saves, Esc cancels); narrow views shorten it (spec §9). Without
 * `onSave` (a recording the caller may not change) it is plain text.
 */
export function EditableTitle({ title, onSave }: Props) {
  const { t } = useTranslation('recording');
  const narrow = useNarrow();
  return (
    <Typography.Text
      title={title}
      editable={
        onSave && {
          text: title,
          tooltip: t('rename'),
          triggerType: ['icon'],
          onChange: (next) => {
            const value = next.trim();
            if (value && value !== title) onSave(value);
          },
        }
      }
    >
      {narrow ? shortName(title) : title}
    </Typography.Text>
  );
}
