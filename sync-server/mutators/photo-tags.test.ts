import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { photoTagKey, rejections, type PushResponse } from '../../schema/index.ts';
import { signUp, useTestApp } from '../testing/test-app.ts';
import { addMember, createFamily, TestDevice, type NamedMutation } from '../testing/test-device.ts';
import { phonePhoto, uploadPhotoFile } from '../testing/test-photos.ts';

const context = useTestApp();

/** David (the family's admin) shared a photo; Rose and Sam are members, each with a device. */
async function familyWithPhoto() {
  const david = new TestDevice(context.app, await signUp(context.app));
  const { familyId } = await createFamily(david, 'The Hales');
  const rose = new TestDevice(context.app, await signUp(context.app));
  const sam = new TestDevice(context.app, await signUp(context.app));
  await addMember(context.sql, familyId, rose.account.user.id);
  await addMember(context.sql, familyId, sam.account.user.id);
  const photoId = randomUUID();
  await uploadPhotoFile(context.app, david.account.cookie, { familyId, photoId, bytes: await phonePhoto() });
  await david.send({ name: 'photo.create', args: { photoId, familyId, albumId: null, title: 'Picnic', description: null } });
  return { familyId, photoId, david, rose, sam };
}

const tag = (photoId: string, who: TestDevice, point: { x: number; y: number } | null = null): NamedMutation => ({
  name: 'photo.tag',
  args: { photoId, userId: who.account.user.id, point },
});
const untag = (photoId: string, who: TestDevice): NamedMutation => ({
  name: 'photo.untag',
  args: { photoId, userId: who.account.user.id },
});

function outcomes(answer: PushResponse): string[] {
  return answer.results.map((result) => (result.status === 'rejected' ? result.reason : result.status));
}

async function tagNotificationsOf(device: TestDevice) {
  return context.sql`
    select actor_id, related_id, count from notifications where user_id = ${device.account.user.id} and type = 'photo_tag'
  `;
}

describe('who is in a photo', () => {
  it('shows a tag on every device of the family, tells the tagged person once, and not the one who tagged', async () => {
    const { photoId, david, rose, sam } = await familyWithPhoto();
    expect(outcomes(await david.send(tag(photoId, rose, { x: 0.25, y: 0.75 }), tag(photoId, david)))).toEqual([
      'applied',
      'applied',
    ]);
    await sam.pullAll();
    const key = photoTagKey({ photoId, userId: rose.account.user.id });
    expect(sam.rows.get(`photoTags/${key}`)).toMatchObject({
      photoId,
      userId: rose.account.user.id,
      taggedById: david.account.user.id,
      x: 0.25,
      y: 0.75,
    });
    expect(sam.users.get(rose.account.user.id)).toBeDefined();
    expect(sam.ids('photoTags')).toHaveLength(2);

    // Sent again (a replay), untagged and tagged again: still told only once.
    await david.send(tag(photoId, rose, { x: 0.25, y: 0.75 }), untag(photoId, rose), tag(photoId, rose));
    expect(await tagNotificationsOf(rose)).toEqual([{ actor_id: david.account.user.id, related_id: photoId, count: 1 }]);
    expect(await tagNotificationsOf(david)).toEqual([]);
  });

  it('tells nobody who muted the family', async () => {
    const { familyId, photoId, david, rose } = await familyWithPhoto();
    await context.sql`
      insert into user_settings (user_id, muted_family_ids) values (${rose.account.user.id}, ${[familyId]})
      on conflict (user_id) do update set muted_family_ids = ${[familyId]}
    `;
    expect(outcomes(await david.send(tag(photoId, rose)))).toEqual(['applied']);
    expect(await tagNotificationsOf(rose)).toEqual([]);
  });

  it('lets the tagged person, whoever tagged them or an admin remove a tag, and nobody else', async () => {
    const { photoId, david, rose, sam } = await familyWithPhoto();
    await rose.send(tag(photoId, sam), tag(photoId, rose));
    await sam.send(tag(photoId, david));
    // Sam may not remove Rose's tag of herself; Rose may remove hers, Sam his own; David, the admin, any.
    expect(outcomes(await sam.send(untag(photoId, rose)))).toEqual([rejections.notYourTag]);
    expect(outcomes(await rose.send(untag(photoId, rose)))).toEqual(['applied']);
    expect(outcomes(await sam.send(untag(photoId, sam)))).toEqual(['applied']);
    expect(outcomes(await david.send(tag(photoId, rose), untag(photoId, david)))).toEqual(['applied', 'applied']);
    expect(outcomes(await sam.send(untag(photoId, rose)))).toEqual([rejections.notYourTag]);
    expect(outcomes(await david.send(untag(photoId, rose)))).toEqual(['applied']);
    expect(await context.sql`select 1 from photo_tags where photo_id = ${photoId}`).toEqual([]);
  });

  it('tags only members of the photo’s family, at a point within the picture', async () => {
    const { photoId, david } = await familyWithPhoto();
    const stranger = new TestDevice(context.app, await signUp(context.app));
    expect(outcomes(await david.send(tag(photoId, stranger)))).toEqual([rejections.notInFamily]);
    const [outside] = david.queue(tag(photoId, david));
    const answer = await david.pushQueued([{ ...outside!, args: { photoId, userId: david.account.user.id, point: { x: 1.5, y: 0 } } }]);
    expect(answer.results[0]).toMatchObject({ status: 'rejected', reason: expect.stringContaining('within it') });
    expect(await context.sql`select 1 from photo_tags where photo_id = ${photoId}`).toEqual([]);
  });

  it('goes with its photo, tombstoned, so every device drops it', async () => {
    const { familyId, photoId, david, rose } = await familyWithPhoto();
    await david.send(tag(photoId, rose));
    await rose.pullAll();
    expect(rose.ids('photoTags')).toHaveLength(1);
    expect(outcomes(await david.send({ name: 'photo.delete', args: { photoId } }))).toEqual(['applied']);
    await rose.pullAll();
    expect(rose.ids('photoTags')).toEqual([]);
    const tombstones = await context.sql`
      select row_id from sync_tombstones where family_id = ${familyId} and table_name = 'photoTags'
    `;
    expect(tombstones).toEqual([{ row_id: photoTagKey({ photoId, userId: rose.account.user.id }) }]);
  });
});
