import { describe, expect, it } from 'vitest';
import { groupBody, groupFormValuesOf, stripWhitespace } from './group-form';

describe('group form helpers', () => {
  it('strips whitespace', () => {
    expect(stripWhitespace(' te achers ')).toBe('teachers');
    expect(stripWhitespace(null)).toBe('');
  });

  it('builds the body with normalized functions', () => {
    expect(groupBody({ groupcode: ' g1', groupname: 'Group 1', functions: ['storage', 'album', 'setting'] })).toEqual({
      groupcode: 'g1',
      groupname: 'Group1',
      functions: ['album', 'setting', 'storage'],
    });
  });

  it('fills the form from a group, dropping orphan sub-functions', () => {
    expect(groupFormValuesOf({ groupcode: 'g', groupname: 'G', functions: ['ppt', 'live'] })).toEqual({
      groupcode: 'g',
      groupname: 'G',
      functions: ['live'],
      access: [],
    });
    expect(groupFormValuesOf(undefined).groupcode).toBe('');
  });
});
