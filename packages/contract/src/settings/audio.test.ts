import { describe, expect, it } from 'vitest';
import { adjustAudioInput, checkAudioInput, editValue } from './index.js';

const INPUTS = ['macin1', 'macin2', 'linein1', 'linein2', 'hdmi5'] as const;
const state = (...on: string[]) => Object.fromEntries(INPUTS.map((k) => [k, on.includes(k) ? 'true' : 'false']));
const onKeys = (v: Record<string, string>) => INPUTS.filter((k) => v[k] === 'true');
/** Toggle `key` to `value` as the operator would, with the rule applied. */
const toggle = (v: Record<string, string>, key: string, value: boolean) => adjustAudioInput({ ...v, [key]: String(value) }, key);

describe('audio input toggles (spec §4)', () => {
  it('turning a mic on turns the other mic and hdmi5 off', () => {
    expect(onKeys(toggle(state('macin1', 'linein1'), 'macin2', true))).toEqual(['macin2', 'linein1']);
    expect(onKeys(toggle(state('macin2'), 'macin1', true))).toEqual(['macin1']);
  });
  it('turning a line on turns the other line and hdmi5 off', () => {
    expect(onKeys(toggle(state('macin1', 'linein1'), 'linein2', true))).toEqual(['macin1', 'linein2']);
  });
  it('turning a mic or line on while hdmi5 is on turns hdmi5 off and leaves the rest off', () => {
    expect(onKeys(toggle(state('hdmi5'), 'macin2', true))).toEqual(['macin2']);
    expect(onKeys(toggle(state('hdmi5'), 'linein1', true))).toEqual(['linein1']);
  });
  it('turning hdmi5 on turns every mic and line off', () => {
    expect(onKeys(toggle(state('macin2', 'linein1'), 'hdmi5', true))).toEqual(['hdmi5']);
  });
  it('turning hdmi5 off brings back mic 1 and line 1 when none of their pair is on', () => {
    expect(onKeys(toggle(state('hdmi5'), 'hdmi5', false))).toEqual(['macin1', 'linein1']);
  });
  it('turning a mic or line off changes nothing else', () => {
    expect(onKeys(toggle(state('macin1', 'linein1'), 'macin1', false))).toEqual(['linein1']);
    expect(onKeys(toggle(state('macin1', 'linein2'), 'linein2', false))).toEqual(['macin1']);
  });
  it('other keys pass through untouched', () => {
    expect(adjustAudioInput({ ...state('macin1'), analog_volume: '70' }, 'analog_volume')).toEqual({
      ...state('macin1'),
      analog_volume: '70',
    });
  });

  it('from every valid state, every toggle leads to a valid state', () => {
    const all = Array.from({ length: 32 }, (_, n) => state(...INPUTS.filter((_, i) => n & (1 << i))));
    const valid = all.filter((v) => checkAudioInput(v).length === 0);
    expect(valid.length).toBeGreaterThan(5);
    for (const v of valid) {
      for (const key of INPUTS) {
        for (const value of [true, false])
          expect(checkAudioInput(toggle(v, key, value)), `${JSON.stringify(v)} ${key}=${value}`).toEqual([]);
      }
    }
  });

  it("is the code's adjust rule, applied by editValue", () => {
    expect(onKeys(editValue('setting_audio_input', state('macin1', 'linein1'), 'hdmi5', 'true'))).toEqual(['hdmi5']);
  });
});
