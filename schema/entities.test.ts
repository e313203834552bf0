import { describe, expect, it } from 'vitest';
import { defaultUserSettings, relationshipGroupLabels, relationshipTypes, userSettingsSchema } from './index.ts';

describe('relationship types', () => {
  it('keep the spec order, creator and other last', () => {
    expect(relationshipTypes).toHaveLength(19);
    expect(relationshipTypes.slice(0, 3)).toEqual(['grandparent', 'grandmother', 'grandfather']);
    expect(relationshipTypes.slice(-2)).toEqual(['creator', 'other']);
  });

  it('each has a plural group label', () => {
    expect(relationshipGroupLabels.creator).toBe('Family Creators');
    expect(relationshipGroupLabels.other).toBe('Other Family Members');
    expect(relationshipGroupLabels.child).toBe('Children');
    expect(Object.keys(relationshipGroupLabels)).toEqual([...relationshipTypes]);
  });
});

// The one statement of the defaults people start with; settings-routes.test.ts checks a new account gets them.
describe('settings defaults', () => {
  it('turn every notification and privacy toggle on, at the standard text size, with no email and no family muted', () => {
    expect(userSettingsSchema.parse(defaultUserSettings)).toEqual({
      familyUpdates: true,
      eventReminders: true,
      chatMessages: true,
      photoComments: true,
      profileVisibility: true,
      activityStatus: true,
      photoDownload: true,
      memories: true,
      textSize: 'normal',
      emailDigest: 'off',
      mutedFamilyIds: [],
    });
  });
});
