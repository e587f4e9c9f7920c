import { describe, expect, it } from 'vitest';
import type { AlsaDevice } from '@roomcast/contract';
import { alsaChoices, findAlsa } from './alsa-choices';

// As the service reads a Magewell USB Capture DVI+ beside an onboard card (apps/server/test/fixtures/devices).
const CAPTURE: AlsaDevice[] = [
  { card: 0, device: 0, id: 'PCH', name: 'HDA Intel PCH', deviceName: 'ALC892 Analog', hw: 'hw:0,0' },
  { card: 1, device: 1, id: 'DVI', name: 'USB Capture DVI+', deviceName: 'USB Audio #1', hw: 'hw:1,1' },
];

describe('ALSA choices', () => {
  it('offers none and each device by its stable name', () => {
    expect(alsaChoices(CAPTURE, '', 'None', false)).toEqual([
      { value: '', label: 'None' },
      { value: 'hw:CARD=PCH,DEV=0', label: 'HDA Intel PCH: ALC892 Analog (hw:CARD=PCH,DEV=0)' },
      { value: 'hw:CARD=DVI,DEV=1', label: 'USB Capture DVI+: USB Audio #1 (hw:CARD=DVI,DEV=1)' },
    ]);
  });

  it('keeps a bound value given by card number, named after its device, or marked missing', () => {
    expect(alsaChoices(CAPTURE, 'hw:1,1', 'None', false).at(-1)).toEqual({
      value: 'hw:1,1',
      label: 'USB Capture DVI+: USB Audio #1 (hw:1,1)',
      missing: false,
    });
    expect(alsaChoices(CAPTURE, 'hw:CARD=Device,DEV=0', 'None', true).at(-1)).toEqual({
      value: 'hw:CARD=Device,DEV=0',
      label: 'hw:CARD=Device,DEV=0',
      missing: true,
    });
  });

  it('finds a device by card number or id, device 0 when none is named', () => {
    expect(findAlsa(CAPTURE, 'plughw:PCH')?.deviceName).toBe('ALC892 Analog');
    expect(findAlsa(CAPTURE, 'hw:CARD=DVI,DEV=1')?.card).toBe(1);
    expect(findAlsa(CAPTURE, 'hw:1,0')).toBeUndefined();
    expect(findAlsa(CAPTURE, 'default')).toBeUndefined();
  });
});
