import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect, useId, useRef, useState } from 'react';
import { photoToasts } from '../../../schema/photo-messages.ts';
import { photoFileUrl, type PhotoInFamily } from '../../../schema/photo-urls.ts';
import type { PhotoPoint } from '../../../schema/entities.ts';
import type { SyncedAlbum, SyncedPhoto } from '../../../schema/sync.ts';
import { signInAgain } from '../../lib/api-client.ts';
import { formatLongDate } from '../../lib/format-date.ts';
import { Button } from '../../ui/button.tsx';
import { ConfirmActions } from '../../ui/confirm-dialog.tsx';
import { formActions } from '../../ui/form-actions.css.ts';
import { IconButton } from '../../ui/icon-button.tsx';
import { CloseIcon } from '../../ui/icons.tsx';
import { SelectField } from '../../ui/select-field.tsx';
import { TextArea, TextField } from '../../ui/text-field.tsx';
import { toast } from '../../ui/toast-store.ts';
import { useModal } from '../../ui/use-modal.ts';
import { visuallyHidden } from '../../ui/visually-hidden.css.ts';
import { useSignedInUser } from '../account/auth-store.ts';
import { publicName } from '../account/display-name.ts';
import { useHearthDb } from '../device-session/device-session-store.ts';
import { useLocalWrite } from '../device-session/use-local-write.ts';
import { useIsFamilyAdmin } from '../family/use-is-family-admin.ts';
import { photoAlt } from './photo-alt.ts';
import { pointIn, TagChips, TagDots, usePicturedBox, WhoIsInThisPhoto } from './photo-tag-views.tsx';
import { usePhotoTags } from './photo-tags.ts';
import * as styles from './photo-viewer.css.ts';
import * as formStyles from './photos-screen.css.ts';
import { ChevronLeftIcon, ChevronRightIcon, MoreIcon } from './viewer-icons.tsx';
import { usePhotoGestures } from './use-photo-gestures.ts';
import { usePreviewUrl } from './use-preview-url.ts';
import { PhotoStories, useStoryCount } from '../voice/photo-stories.tsx';
import { MicIcon } from '../voice/voice-icons.tsx';

type PhotoViewerProps = {
  /** The photos of the grid, in its order: next and previous walk through them. */
  photos: SyncedPhoto[];
  index: number;
  albums: SyncedAlbum[];
  open: boolean;
  onClose: () => void;
  onMove: (index: number) => void;
};

type Mode = 'view' | 'edit' | 'confirmDelete' | 'tag' | 'stories';

/**
 * Whether to offer Download original: always to the uploader; to others where the uploader's Photo Download
 * setting allows it, which only the server knows (a HEAD of the original's address answers it without the bytes).
 */
function useCanDownloadOriginal(photo: PhotoInFamily, mine: boolean): boolean {
  const { id: photoId, familyId } = photo;
  const [allowed, setAllowed] = useState<{ photoId: string; allowed: boolean } | null>(null);
  useEffect(() => {
    if (mine) return;
    let current = true;
    fetch(photoFileUrl({ id: photoId, familyId }, 'original'), { method: 'HEAD', credentials: 'same-origin' })
      .then((answer) => {
        if (answer.status === 401) signInAgain();
        if (current) setAllowed({ photoId, allowed: answer.ok });
      })
      .catch(() => {
        // Offline: a download could not be made anyway.
      });
    return () => {
      current = false;
    };
  }, [photoId, familyId, mine]);
  return mine || (allowed?.photoId === photoId && allowed.allowed);
}

/**
 * The viewer (decision 0046): the photo on black, as large as the screen allows, titled by who shared it and when.
 * ‹ ›, the arrow keys and a swipe move through the photos; a pinch, a double tap, + and − zoom. Everything that
 * changes the photo waits behind More: Download original, the album's cover (its maker or an admin), Edit and
 * Delete (the uploader or an admin), Delete only after a question. Escape, × and the Back button close it. Under the
 * photo, who is in it (decision 0060): their names, dots where they were placed, and "Who's in this photo?".
 */
export function PhotoViewer({ photos, index, albums, open, onClose, onMove }: PhotoViewerProps) {
  const photo = photos[index]!;
  const db = useHearthDb();
  const user = useSignedInUser();
  const isAdmin = useIsFamilyAdmin(photo.familyId);
  const write = useLocalWrite();
  const uploader = useLiveQuery(() => db.users.get(photo.uploadedById), [db, photo.uploadedById]);
  const [mode, setMode] = useState<Mode>('view');
  const [menuOpen, setMenuOpen] = useState(false);
  const tags = usePhotoTags(photo.id) ?? [];
  // The place marked on the picture while choosing who is in it.
  const [point, setPoint] = useState<PhotoPoint | null>(null);
  const stageRef = useRef<HTMLDivElement>(null);
  const picturedRef = useRef<HTMLDivElement>(null);
  const [natural, setNatural] = useState<{ photoId: string; width: number; height: number } | null>(null);
  const box = usePicturedBox(stageRef, natural?.photoId === photo.id ? natural : null);
  const mine = photo.uploadedById === user.id;
  const canChange = mine || isAdmin === true;
  const album = albums.find((candidate) => candidate.id === photo.albumId);
  const canSetCover =
    album !== undefined && album.coverPhotoId !== photo.id && (album.createdById === user.id || isAdmin === true);
  const hasPrevious = index > 0;
  const hasNext = index < photos.length - 1;
  const imageUrl = usePreviewUrl(photo);
  const canDownload = useCanDownloadOriginal(photo, mine);
  const storyCount = useStoryCount(photo.id);
  const titleId = useId();
  const detailsId = useId();
  const menuId = useId();
  const modal = useModal(open, () => {
    // Escape steps back one layer at a time: the menu, then a question or the form, then the viewer.
    if (menuOpen) setMenuOpen(false);
    else if (mode !== 'view') setMode('view');
    else onClose();
  });
  const gestures = usePhotoGestures(photo.id, (direction) => {
    if (direction === 'next' && hasNext) onMove(index + 1);
    if (direction === 'previous' && hasPrevious) onMove(index - 1);
  });

  useEffect(() => {
    setMode('view');
    setMenuOpen(false);
  }, [photo.id]);

  useEffect(() => {
    if (mode !== 'tag') setPoint(null);
  }, [mode]);

  useEffect(() => {
    if (!open || mode !== 'view') return;
    function keys(event: KeyboardEvent) {
      if (event.key === 'ArrowLeft' && hasPrevious) onMove(index - 1);
      else if (event.key === 'ArrowRight' && hasNext) onMove(index + 1);
      else if (event.key === '+' || event.key === '=') gestures.zoomBy(1.5);
      else if (event.key === '-') gestures.zoomBy(1 / 1.5);
      else if (event.key === '0') gestures.reset();
    }
    window.addEventListener('keydown', keys);
    return () => window.removeEventListener('keydown', keys);
  }, [open, mode, index, hasPrevious, hasNext, onMove, gestures]);

  async function remove() {
    await write('photo.delete', { photoId: photo.id, familyId: photo.familyId });
    toast(photoToasts.photoDeleted);
    onClose();
  }

  async function makeCover() {
    setMenuOpen(false);
    if (!album) return;
    await write('album.update', {
      albumId: album.id,
      familyId: album.familyId,
      name: album.name,
      description: album.description,
      coverPhotoId: photo.id,
    });
    toast({ title: `Now the cover of “${album.name}”` });
  }

  function choose(next: Mode) {
    setMenuOpen(false);
    setMode(next);
  }

  const who = uploader ? (uploader.id === user.id ? 'you' : publicName(uploader)) : 'a family member';
  const hasMenu = canDownload || canSetCover || canChange;
  const { scale, x, y } = gestures.zoom;
  return (
    <dialog {...modal} aria-labelledby={titleId} aria-describedby={detailsId} className={styles.viewer}>
      <div className={styles.bar}>
        <IconButton label="Close" icon={<CloseIcon />} onClick={onClose} className={styles.barButton} />
        <div className={styles.heading}>
          <h2 id={titleId} className={styles.who}>
            <span className={visuallyHidden}>Shared by </span>
            <span className={styles.whoName}>{who === 'you' ? 'You' : who}</span>
            <span className={visuallyHidden}> on</span>{' '}
            <span className={styles.when}>{formatLongDate(photo.createdAt)}</span>
          </h2>
        </div>
        {hasMenu ? (
          <div className={styles.menuHolder}>
            <IconButton
              label="More"
              icon={<MoreIcon />}
              aria-expanded={menuOpen}
              aria-controls={menuId}
              className={styles.barButton}
              onClick={() => setMenuOpen((shown) => !shown)}
            />
            {menuOpen ? (
              <ul id={menuId} className={styles.menu} aria-label="Photo actions">
                {canDownload ? (
                  <li>
                    <a
                      className={styles.menuItem}
                      href={photoFileUrl(photo, 'original')}
                      download
                      onClick={() => setMenuOpen(false)}
                    >
                      Download original
                    </a>
                  </li>
                ) : null}
                {canSetCover ? (
                  <li>
                    <button type="button" className={styles.menuItem} onClick={() => void makeCover()}>
                      Set as album cover
                    </button>
                  </li>
                ) : null}
                {canChange ? (
                  <>
                    <li>
                      <button type="button" className={styles.menuItem} onClick={() => choose('edit')}>
                        Edit details
                      </button>
                    </li>
                    <li>
                      <button type="button" className={styles.dangerItem} onClick={() => choose('confirmDelete')}>
                        Delete photo…
                      </button>
                    </li>
                  </>
                ) : null}
              </ul>
            ) : null}
          </div>
        ) : null}
      </div>

      <div
        ref={stageRef}
        className={styles.stage}
        {...gestures.handlers}
        onClick={(event) => {
          if (mode === 'tag' && picturedRef.current) {
            setPoint(pointIn(picturedRef.current, event.clientX, event.clientY) ?? point);
          }
        }}
      >
        {imageUrl ? (
          <img
            src={imageUrl}
            alt={photoAlt(photo, who)}
            className={styles.picture}
            draggable={false}
            style={{ transform: `translate(${x}px, ${y}px) scale(${scale})` }}
            onLoad={(event) =>
              setNatural({
                photoId: photo.id,
                width: event.currentTarget.naturalWidth,
                height: event.currentTarget.naturalHeight,
              })
            }
          />
        ) : null}
        {box ? (
          <TagDots
            box={box}
            tags={tags}
            pending={point}
            userId={user.id}
            transform={`translate(${x}px, ${y}px) scale(${scale})`}
            boxRef={picturedRef}
          />
        ) : null}
        {photos.length > 1 ? (
          <>
            <IconButton
              label="Previous photo"
              icon={<ChevronLeftIcon />}
              className={styles.previous}
              disabled={!hasPrevious}
              onClick={() => onMove(index - 1)}
              onPointerDown={(event) => event.stopPropagation()}
            />
            <IconButton
              label="Next photo"
              icon={<ChevronRightIcon />}
              className={styles.next}
              disabled={!hasNext}
              onClick={() => onMove(index + 1)}
              onPointerDown={(event) => event.stopPropagation()}
            />
          </>
        ) : null}
      </div>

      <div id={detailsId} className={styles.caption}>
        {photo.title ? <p className={styles.captionTitle}>{photo.title}</p> : null}
        {photo.description ? <p className={styles.captionText}>{photo.description}</p> : null}
        <p className={styles.captionMeta}>
          {photos.length > 1 ? `${index + 1} of ${photos.length}` : null}
          {photos.length > 1 && album ? ' · ' : null}
          {album ? `In “${album.name}”` : null}
        </p>
        <TagChips tags={tags} userId={user.id} isAdmin={isAdmin === true} onWho={() => choose('tag')} />
        <button type="button" className={styles.storiesButton} onClick={() => choose('stories')}>
          <MicIcon size="1.25rem" />
          {storyCount > 0 ? `Stories (${storyCount})` : 'Tell its story'}
        </button>
      </div>

      {mode === 'confirmDelete' ? (
        <div className={styles.sheet} role="group" aria-labelledby={`${titleId}-delete`}>
          <p id={`${titleId}-delete`} className={styles.sheetText}>
            Delete this photo for everyone in the family? This cannot be undone.
          </p>
          <div className={formActions}>
            <ConfirmActions
              confirmLabel="Delete photo"
              onCancel={() => setMode('view')}
              onConfirm={() => void remove()}
            />
          </div>
        </div>
      ) : mode === 'tag' ? (
        <div className={styles.tagSheet} role="group" aria-labelledby={`${titleId}-tag`}>
          <h3 id={`${titleId}-tag`} className={styles.sheetTitle}>
            Who's in this photo?
          </h3>
          <WhoIsInThisPhoto
            photo={photo}
            tags={tags}
            userId={user.id}
            isAdmin={isAdmin === true}
            point={point}
            onPlaced={() => setPoint(null)}
            onDone={() => setMode('view')}
          />
        </div>
      ) : mode === 'stories' ? (
        <div className={styles.sheet} role="group" aria-labelledby={`${titleId}-stories`}>
          <PhotoStories photoId={photo.id} familyId={photo.familyId} titleId={`${titleId}-stories`} />
          <div className={formActions}>
            <Button variant="secondary" onClick={() => setMode('view')}>
              Close
            </Button>
          </div>
        </div>
      ) : mode === 'edit' ? (
        <div className={styles.sheet} role="group" aria-labelledby={`${titleId}-edit`}>
          <h3 id={`${titleId}-edit`} className={styles.sheetTitle}>
            Edit details
          </h3>
          <EditPhoto photo={photo} albums={albums} onDone={() => setMode('view')} />
        </div>
      ) : null}
    </dialog>
  );
}

function EditPhoto({ photo, albums, onDone }: { photo: SyncedPhoto; albums: SyncedAlbum[]; onDone: () => void }) {
  const write = useLocalWrite();
  const [title, setTitle] = useState(photo.title ?? '');
  const [description, setDescription] = useState(photo.description ?? '');
  const [albumId, setAlbumId] = useState(photo.albumId ?? '');
  const [errors, setErrors] = useState<Record<string, string>>({});

  async function save() {
    const outcome = await write('photo.update', {
      photoId: photo.id,
      familyId: photo.familyId,
      albumId: albumId || null,
      title: title.trim() || null,
      description: description.trim() || null,
    });
    if (outcome.saved) onDone();
    else setErrors(outcome.fieldErrors);
  }

  return (
    <form
      className={formStyles.form}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void save();
      }}
    >
      <TextField
        label="Title"
        value={title}
        error={errors.title}
        onChange={(event) => setTitle(event.currentTarget.value)}
      />
      <TextArea
        label="Description"
        value={description}
        rows={3}
        error={errors.description}
        onChange={(event) => setDescription(event.currentTarget.value)}
      />
      <SelectField
        label="Album"
        value={albumId}
        options={[{ value: '', label: 'No album' }, ...albums.map((album) => ({ value: album.id, label: album.name }))]}
        onChange={(event) => setAlbumId(event.currentTarget.value)}
      />
      <div className={formActions}>
        <Button variant="secondary" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit">Save</Button>
      </div>
    </form>
  );
}
