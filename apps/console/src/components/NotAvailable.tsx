import { Result } from 'antd';
import { ToolOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { PageContainer } from './PageContainer';

/**
 * Stands in for screens that later work owns. It says plainly that the screen is missing rather than
 * showing a screen that does nothing.
 */
export default function NotAvailable({ menuId }: { menuId?: string }) {
  const { t } = useTranslation('common');
  // The card carries the screen's own name (menu namespace), the result says what is missing.
  const heading = menuId ? t(`menu:items.${menuId}`) : t('notAvailable.title');
  return (
    <PageContainer title={heading}>
      <Result
        icon={<ToolOutlined />}
        title={t('notAvailable.title')}
        subTitle={t('notAvailable.description')}
        data-testid="not-available"
      />
    </PageContainer>
  );
}
