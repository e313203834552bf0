import { FeaturePage, StartButton } from './feature-page.tsx';
import { AlbumsIcon, PinOffIcon, ShieldHeartIcon, UploadIcon } from './feature-icons.tsx';
import heroArt from '../art/photo-sharing.svg?inline';

/** Photo Sharing (product.md §2): four feature cards, then a way in. */
export function PhotoSharingPage() {
  return (
    <FeaturePage
      documentTitle="Photo Sharing"
      hero={{
        title: 'Photo Sharing',
        lead: 'One calm home for every family picture: the new baby, the summer holiday, the old shoebox prints. Shared with your family and nobody else.',
        art: heroArt,
      }}
      features={{
        title: 'Family photos, kept close',
        lead: 'Albums the whole family can open, from the youngest to the oldest, on any screen.',
        items: [
          {
            title: 'Shared family albums',
            text: 'Gather a birthday, a wedding or Grandma’s garden into albums everyone in the family can browse and add to.',
            icon: <AlbumsIcon />,
          },
          {
            title: 'Easy uploads',
            text: 'Pick up to 10 photos at once from your phone or computer. Hearth makes lighter copies that load quickly, even on one bar of signal.',
            icon: <UploadIcon />,
          },
          {
            title: 'Only for your family',
            text: 'Photos are shown to the members of your family alone, and a setting decides whether relatives may download your originals.',
            icon: <ShieldHeartIcon />,
          },
          {
            title: 'Locations stay private',
            text: 'Many photos carry the place they were taken, hidden inside the file. Hearth removes it before anyone else in the family sees the photo.',
            icon: <PinOffIcon />,
          },
        ],
      }}
      closing={{
        id: 'start-sharing',
        title: 'Your family’s albums, ready today',
        text: 'Create your family circle, invite the people you love, and share the first photos. They stay on every phone, even offline.',
        action: <StartButton>Start Sharing</StartButton>,
      }}
    />
  );
}
