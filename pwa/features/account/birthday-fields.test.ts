import { describe, expect, it } from 'vitest';
import { dateWordsFor } from '../../lib/format-date.ts';
import { birthdayFields, birthdayFromFields, formatBirthday } from './birthday-fields.ts';

describe('a birthday in the profile editor', () => {
  it('goes from the fields to the one string kept, and back', () => {
    expect(birthdayFromFields({ birthDay: '3', birthMonth: '5', birthYear: '1946' })).toEqual({
      birthday: '1946-05-03',
    });
    expect(birthdayFromFields({ birthDay: '29', birthMonth: '2', birthYear: ' ' })).toEqual({ birthday: '--02-29' });
    expect(birthdayFromFields({ birthDay: '', birthMonth: '', birthYear: '' })).toEqual({ birthday: null });
    expect(birthdayFields('1946-05-03')).toEqual({ birthDay: '3', birthMonth: '5', birthYear: '1946' });
    expect(birthdayFields('--12-25')).toEqual({ birthDay: '25', birthMonth: '12', birthYear: '' });
  });

  it('asks for what is missing or not a year', () => {
    expect(birthdayFromFields({ birthDay: '3', birthMonth: '', birthYear: '' })).toMatchObject({ field: 'birthMonth' });
    expect(birthdayFromFields({ birthDay: '', birthMonth: '5', birthYear: '' })).toMatchObject({ field: 'birthDay' });
    expect(birthdayFromFields({ birthDay: '3', birthMonth: '5', birthYear: '46' })).toMatchObject({
      field: 'birthYear',
    });
  });

  it('reads as a person writes it', () => {
    const british = dateWordsFor('en-GB');
    expect(formatBirthday('1946-05-03', british)).toBe('3 May 1946');
    expect(formatBirthday('--02-29', british)).toBe('29 February');
    expect(formatBirthday('1946-05-03', dateWordsFor('en-US'))).toBe('May 3, 1946');
  });
});
