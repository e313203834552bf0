import { useEffect, useState, type RefObject } from 'react';
import type { PhotoPoint } from '../../../schema/entities.ts';
import type { SyncedPhoto } from '../../../schema/sync.ts';
import { Button } from '../../ui/button.tsx';
import { formActions } from '../../ui/form-actions.css.ts';
import { useLocalWrite } from '../device-session/use-local-write.ts';
import { PersonAvatar, personName } from '../family/person.tsx';
import { useFamilyMembers } from '../family/use-family-members.ts';
import { canRemoveTag, type PhotoTagView } from './photo-tags.ts';
import * as styles from './photo-tags.css.ts';

/** The names under the photo, each with its × where the person may remove it (decision 0060). */
export function TagChips({
  tags,
  userId,
  isAdmin,
  onWho,
}: {
  tags: PhotoTagView[];
  userId: string;
  isAdmin: boolean;
  onWho: () => void;
}) {
  const write = useLocalWrite();
  return (
    <ul className={styles.chips} aria-label="Who's in this photo">
      {tags.map((tag) => {
        const name = tag.userId === userId ? 'You' : personName(tag.user);
        return (
          <li key={tag.id} className={styles.chip}>
            <span className={styles.chipName}>{name}</span>
            {canRemoveTag(tag, userId, isAdmin) ? (
              <button
                type="button"
                className={styles.chipRemove}
                aria-label={tag.userId === userId ? 'Remove your tag' : `Remove ${name} from this photo`}
                onClick={() =>
                  void write('photo.untag', { photoId: tag.photoId, familyId: tag.familyId, userId: tag.userId })
                }
              >
                ×
              </button>
            ) : null}
          </li>
        );
      })}
      <li>
        <button type="button" className={styles.whoButton} aria-haspopup="true" onClick={onWho}>
          {tags.length === 0 ? "Who's in this photo?" : 'Tag someone'}
        </button>
      </li>
    </ul>
  );
}

/** Where the picture, kept whole (`object-fit: contain`), sits in the stage, in pixels. */
type Box = { left: number; top: number; width: number; height: number };

/** The box the picture fills in `stage`, once its size is known. */
export function usePicturedBox(
  stage: RefObject<HTMLElement | null>,
  natural: { width: number; height: number } | null,
): Box | null {
  const [size, setSize] = useState<{ width: number; height: number } | null>(null);
  useEffect(() => {
    const element = stage.current;
    if (!element) return;
    const observer = new ResizeObserver(() => setSize({ width: element.clientWidth, height: element.clientHeight }));
    observer.observe(element);
    return () => observer.disconnect();
  }, [stage]);
  if (!size || !natural || natural.width === 0 || natural.height === 0) return null;
  const scale = Math.min(size.width / natural.width, size.height / natural.height);
  const width = natural.width * scale;
  const height = natural.height * scale;
  return { left: (size.width - width) / 2, top: (size.height - height) / 2, width, height };
}

/** The fraction of the pictured box a click lands at, or null outside the picture. */
export function pointIn(box: HTMLElement, clientX: number, clientY: number): PhotoPoint | null {
  const rect = box.getBoundingClientRect();
  const x = (clientX - rect.left) / rect.width;
  const y = (clientY - rect.top) / rect.height;
  return x >= 0 && x <= 1 && y >= 0 && y <= 1 ? { x, y } : null;
}

/** Dots where people were placed, and the place being marked; zoomed and moved with the picture. */
export function TagDots({
  box,
  tags,
  pending,
  userId,
  transform,
  boxRef,
}: {
  box: Box;
  tags: PhotoTagView[];
  pending: PhotoPoint | null;
  userId: string;
  transform: string;
  boxRef: RefObject<HTMLDivElement | null>;
}) {
  return (
    <div className={styles.layer} style={{ transform }}>
      <div ref={boxRef} className={styles.picturedBox} style={box}>
        {tags.map((tag) =>
          tag.x !== null && tag.y !== null ? (
            <span key={tag.id} className={styles.dot} style={{ left: `${tag.x * 100}%`, top: `${tag.y * 100}%` }}>
              <span className={styles.dotName}>{tag.userId === userId ? 'You' : personName(tag.user)}</span>
            </span>
          ) : null,
        )}
        {pending ? (
          <span className={styles.pendingDot} style={{ left: `${pending.x * 100}%`, top: `${pending.y * 100}%` }} />
        ) : null}
      </div>
    </div>
  );
}

/**
 * "Who's in this photo?": the family's members, each pressed when tagged. Choosing one tags them, at the place marked
 * on the picture if there is one; choosing a tagged one removes them where allowed. Saved on the device at once.
 */
export function WhoIsInThisPhoto({
  photo,
  tags,
  userId,
  isAdmin,
  point,
  onPlaced,
  onDone,
}: {
  photo: SyncedPhoto;
  tags: PhotoTagView[];
  userId: string;
  isAdmin: boolean;
  point: PhotoPoint | null;
  onPlaced: () => void;
  onDone: () => void;
}) {
  const write = useLocalWrite();
  const members = useFamilyMembers(photo.familyId) ?? [];

  async function choose(memberUserId: string) {
    const tag = tags.find((candidate) => candidate.userId === memberUserId);
    if (tag && point === null) {
      await write('photo.untag', { photoId: photo.id, familyId: photo.familyId, userId: memberUserId });
      return;
    }
    await write('photo.tag', { photoId: photo.id, familyId: photo.familyId, userId: memberUserId, point });
    onPlaced();
  }

  return (
    <>
      <p className={styles.sheetHint}>
        {point ? 'Now choose who is there.' : 'Choose who is in it. To show where, tap them on the photo first.'}
      </p>
      <ul className={styles.memberList}>
        {members.map((member) => {
          const tag = tags.find((candidate) => candidate.userId === member.userId);
          const name = member.userId === userId ? `${personName(member.user)} (you)` : personName(member.user);
          const locked = tag !== undefined && point === null && !canRemoveTag(tag, userId, isAdmin);
          return (
            <li key={member.id}>
              <button
                type="button"
                className={styles.memberButton}
                aria-pressed={tag !== undefined}
                disabled={locked}
                onClick={() => void choose(member.userId)}
              >
                <PersonAvatar user={member.user} size="sm" />
                <span className={styles.memberName}>{name}</span>
                {tag ? (
                  <span className={styles.check} aria-hidden="true">
                    ✓
                  </span>
                ) : null}
              </button>
            </li>
          );
        })}
      </ul>
      <div className={formActions}>
        <Button onClick={onDone}>Done</Button>
      </div>
    </>
  );
}
