import { useState } from 'react';
import { App, Button, Card, Flex, Spin, Switch, Typography } from 'antd';
import { AppstoreOutlined } from '@ant-design/icons';
import { LIMITS } from '@roomcast/contract';
import { useTranslation } from 'react-i18next';
import { useCallMutation, useCallQuery } from '../../../api/hooks';
import { tMessage } from '../../../app/messages';
import { useRecordStatus } from '../../../app/status';
import { toastWarning } from '../../../app/toast';
import { LayoutModal } from './LayoutModal';
import { LayoutPicture } from './LayoutPicture';
import './effect.css';

/**
 * The saved layouts (spec §2 Video effect): the nine slots as buttons, the one on the output marked (status
 * `layoutbuttonid`), a click puts a slot on the output (`setlayoutid`: 'Layout set' or 'Fail to set layout');
 * automatic switching on or off (`setlayoutswitch`, read back from `listlayout`); the layout modal to edit them.
 */
export function LayoutCard() {
  const { t } = useTranslation('settings');
  const { message } = App.useApp();
  const { data: status, refresh } = useRecordStatus();
  const list = useCallQuery('listlayout', {}, { silent: true });
  const [editing, setEditing] = useState(false);
  const select = useCallMutation('setlayoutid', {
    invalidate: ['listlayout'],
    silent: true,
    onSuccess: () => {
      message.success(tMessage('layoutSucc'));
      void refresh();
    },
  });
  const switching = useCallMutation('setlayoutswitch', { invalidate: ['listlayout'], silent: true });
  const current = status ? Number(status.layoutbuttonid) : list.data?.current;
  const typeName = (id: number) => t(`screens.effect.types.${id}`);
  const slotName = (slot: { index: number; type: number; channeldata: readonly string[] }) =>
    `${t('screens.effect.slotN', { slot: slot.index + 1 })}: ${typeName(slot.type)} (${slot.channeldata.join(', ')})`;

  return (
    <Card title={t('screens.effect.layouts')} data-testid="layout-card">
      {!list.data ? (
        <Spin />
      ) : (
        <Flex vertical gap={16} align="flex-start">
          <Flex gap={8} wrap role="group" aria-label={t('screens.effect.layouts')}>
            {list.data.slots.map((slot) => (
              <Button
                key={slot.index}
                type={slot.index === current ? 'primary' : 'default'}
                aria-pressed={slot.index === current}
                aria-label={slotName(slot)}
                title={slotName(slot)}
                loading={select.isPending && select.variables?.id === slot.index}
                className="rc-layout-button"
                onClick={() => select.mutate({ id: slot.index }, { onError: () => toastWarning(tMessage('layoutFail')) })}
              >
                <Flex vertical align="center" gap={2}>
                  {/* Decorative here (the button's name says the type and channels), so without letters: the visible
                      text of a button must be part of its name. */}
                  <span aria-hidden="true">
                    <LayoutPicture type={slot.type} label={typeName(slot.type)} />
                  </span>
                  <span>{slot.index + 1}</span>
                </Flex>
              </Button>
            ))}
          </Flex>
          <Flex gap={8} align="center">
            <Switch
              id="layout-switching"
              checked={list.data.switching}
              loading={switching.isPending}
              onChange={(on) => switching.mutate({ enable: on }, { onError: () => toastWarning(tMessage('layoutFail')) })}
            />
            <label htmlFor="layout-switching">{t('screens.effect.switching')}</label>
          </Flex>
          <Typography.Text type="secondary">{t('screens.effect.switchingHelp', { seconds: LIMITS.layoutSwitchIntervalS })}</Typography.Text>
          <Button icon={<AppstoreOutlined />} onClick={() => setEditing(true)}>
            {t('screens.effect.editLayouts')}
          </Button>
        </Flex>
      )}
      {editing && list.data && <LayoutModal slots={list.data.slots} onClose={() => setEditing(false)} />}
    </Card>
  );
}
