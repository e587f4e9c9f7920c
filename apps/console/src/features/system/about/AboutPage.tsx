import { Button, Flex } from 'antd';
import { CloudSyncOutlined, InfoCircleOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { SettingsPanel } from '../../../components/settings/SettingsPanel';
import { HiddenPanelTitle } from '../HiddenPanelTitle';
import { PRODUCT_PANEL, VERSION_PANEL } from './product-panel';
import { ProductEditModal } from './ProductEditModal';

const PANELS = [VERSION_PANEL, PRODUCT_PANEL];

/**
 * /console/system/about (spec §2): setting_version and setting_product on the one SettingsPanel, read-only (the
 * versions are the service's; the product is edited only in the hidden panel). A double-click on the title icon opens
 * the product editor, which asks for an administrator's credentials that the service checks (docs/update.md).
 */
export default function AboutPage() {
  const { t } = useTranslation('system');
  const navigate = useNavigate();
  return (
    <SettingsPanel
      title={
        <HiddenPanelTitle
          title={t('about.title')}
          icon={InfoCircleOutlined}
          enabled
          testId="about-title-icon"
          panel={(close) => <ProductEditModal onClose={close} />}
        />
      }
      panels={PANELS}
      below={{
        [VERSION_PANEL.title]: (
          <Flex style={{ marginTop: 12 }}>
            <Button icon={<CloudSyncOutlined />} onClick={() => navigate('/console/system/update')}>
              {t('about.update')}
            </Button>
          </Flex>
        ),
      }}
    />
  );
}
