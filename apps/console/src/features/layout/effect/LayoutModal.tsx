import { useState } from 'react';
import { Alert, App, Button, Flex, Form, Modal, Select } from 'antd';
import { LAYOUT_TYPES, LIMITS } from '@roomcast/contract';
import { useTranslation } from 'react-i18next';
import { apiErrorText, useCallMutation } from '../../../api/hooks';
import { tMessage } from '../../../app/messages';
import { toastWarning } from '../../../app/toast';
import { LayoutChoices } from './LayoutChoices';
import { LayoutPicture } from './LayoutPicture';
import { acceptSlot, CHANNEL_OPTIONS, channelsForType, type LayoutSlot } from './layout-form';
import './effect.css';

interface Props {
  slots: LayoutSlot[];
  onClose: () => void;
}

/**
 * The layout modal of spec §4: pick one of the nine slots, pick one of the 24 types (drawn from the contract's
 * geometry), assign channels A-E to its windows; Accept checks the slot ('Empty channel is not allowed.',
 * 'Duplicate channel is not allowed.') and updates it here; OK saves all nine with `savelayout`; Cancel closes.
 */
export function LayoutModal({ slots: saved, onClose }: Props) {
  const { t } = useTranslation('settings');
  const { message } = App.useApp();
  const [slots, setSlots] = useState<LayoutSlot[]>(saved);
  const [index, setIndex] = useState(0);
  const [type, setType] = useState(saved[0]?.type ?? 0);
  const [channels, setChannels] = useState<string[]>(saved[0]?.channeldata ?? ['']);
  const [error, setError] = useState<string>();
  const save = useCallMutation('savelayout', {
    invalidate: ['listlayout'],
    silent: true,
    onSuccess: () => {
      message.success(tMessage('layoutSucc'));
      onClose();
    },
  });
  const typeName = (id: number) => t(`screens.effect.types.${id}`);

  const pickSlot = (i: number) => {
    const slot = slots.find((s) => s.index === i);
    setIndex(i);
    setType(slot?.type ?? 0);
    setChannels(channelsForType(slot?.type ?? 0, slot?.channeldata ?? []));
    setError(undefined);
  };
  const pickType = (id: number) => {
    setType(id);
    setChannels((c) => channelsForType(id, c));
    setError(undefined);
  };
  const accept = () => {
    const result = acceptSlot(index, type, channels);
    if ('error' in result) {
      setError(t(result.error));
      return;
    }
    setError(undefined);
    setSlots((all) => [...all.filter((s) => s.index !== index), result.slot].sort((a, b) => a.index - b.index));
    message.info(t('screens.effect.accepted', { slot: index + 1 }));
  };
  const ok = () => {
    save.mutate(slots, { onError: (err) => toastWarning(apiErrorText(err)) });
  };
  const shown = channelsForType(type, channels);

  return (
    <Modal
      open
      width={860}
      title={t('screens.effect.editLayouts')}
      okText={t('screens.effect.ok')}
      cancelText={t('screens.effect.cancel')}
      confirmLoading={save.isPending}
      onOk={ok}
      onCancel={onClose}
      destroyOnHidden
      mask={{ closable: false }}
    >
      <Flex vertical gap={16}>
        <LayoutChoices
          id="layout-slot-label"
          label={t('screens.effect.slot')}
          value={index}
          onChange={pickSlot}
          options={Array.from({ length: LIMITS.layoutSlots }, (_, i) => {
            const slot = slots.find((s) => s.index === i);
            return {
              value: i,
              label: (
                <Flex vertical align="center" gap={2}>
                  <LayoutPicture
                    type={slot?.type ?? 0}
                    channels={slot?.channeldata}
                    label={`${t('screens.effect.slotN', { slot: i + 1 })}: ${typeName(slot?.type ?? 0)}`}
                    width={48}
                  />
                  <span>{i + 1}</span>
                </Flex>
              ),
            };
          })}
        />
        <LayoutChoices
          id="layout-type-label"
          label={t('screens.effect.type')}
          value={type}
          onChange={pickType}
          options={LAYOUT_TYPES.map((lt) => ({
            value: lt.id,
            label: <LayoutPicture type={lt.id} label={typeName(lt.id)} width={48} />,
          }))}
        />
        <Flex gap={16} align="flex-start" wrap>
          <LayoutPicture type={type} channels={shown} label={`${typeName(type)}: ${shown.join(', ')}`} width={192} />
          <Form layout="vertical" className="rc-layout-windows">
            {shown.map((letter, i) => (
              <Form.Item key={i} label={t('screens.effect.window', { n: i + 1 })} htmlFor={`layout-window-${i}`}>
                <Select
                  id={`layout-window-${i}`}
                  value={letter || undefined}
                  placeholder={t('screens.effect.noChannel')}
                  allowClear
                  onChange={(v?: string) => setChannels(shown.map((c, k) => (k === i ? (v ?? '') : c)))}
                  options={CHANNEL_OPTIONS.map((c) => ({ value: c, label: t('screens.effect.channel', { channel: c }) }))}
                  className="rc-layout-select"
                />
              </Form.Item>
            ))}
          </Form>
        </Flex>
        {error && <Alert type="error" showIcon title={error} data-testid="layout-accept-error" />}
        <div>
          <Button onClick={accept}>{t('screens.effect.accept')}</Button>
        </div>
      </Flex>
    </Modal>
  );
}
