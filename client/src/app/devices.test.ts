// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from 'vitest';
import { deviceTokenFor, rememberDeviceToken } from './devices';

describe('known-device tokens', () => {
  beforeEach(() => localStorage.clear());

  it('are kept per login (case and spaces aside), survive a broken store, and keep the 40 latest', () => {
    rememberDeviceToken(' Eleve21 ', 'token-21');
    expect(deviceTokenFor('eleve21')).toBe('token-21');
    expect(deviceTokenFor('eleve22')).toBeUndefined();
    for (let i = 0; i < 45; i++) rememberDeviceToken(`eleve${i}`, `t${i}`);
    expect(deviceTokenFor('eleve44')).toBe('t44');
    expect(deviceTokenFor('eleve0')).toBeUndefined();
    localStorage.setItem('devices', '{not json');
    expect(deviceTokenFor('eleve44')).toBeUndefined();
    rememberDeviceToken('eleve21', 'again');
    expect(deviceTokenFor('eleve21')).toBe('again');
  });
});
