import { FeaturePage, StartButton } from './feature-page.tsx';
import { DragIcon, InviteIcon, StoryIcon, TreeIcon } from './feature-icons.tsx';
import heroArt from '../art/family-tree.svg?inline';

/** Family Tree Builder (product.md §2): four feature cards, bullets, then a way in. */
export function FamilyTreeBuilderPage() {
  return (
    <FeaturePage
      documentTitle="Family Tree Builder"
      hero={{
        title: 'Family Tree Builder',
        lead: 'Draw your family’s story together, from great-grandparents to the newest arrival, with the photos and memories behind every name.',
        art: heroArt,
      }}
      features={{
        title: 'Your roots, built together',
        lead: 'A living tree the whole family can explore and grow.',
        items: [
          {
            title: 'Interactive family tree',
            text: 'Tap anyone in the tree to see who they are, how they are related and the stories they left behind.',
            icon: <TreeIcon />,
          },
          {
            title: 'Unlimited generations',
            text: 'Go back as far as your family remembers. Drag and drop people into place as the tree grows.',
            icon: <DragIcon />,
          },
          {
            title: 'Photos, documents and stories',
            text: 'Attach wedding photos, old letters and the stories Grandad tells at every gathering.',
            icon: <StoryIcon />,
          },
          {
            title: 'Invite family to collaborate',
            text: 'Aunts, cousins and grandparents each add what they know, and the tree fills in together.',
            icon: <InviteIcon />,
          },
        ],
      }}
      list={{
        title: 'Everything your tree will need',
        items: [
          { title: 'Export and print', text: 'Print your tree for the next reunion, or export it to keep a copy of your own.' },
          { title: 'Every kind of relative', text: 'Parents, grandparents, siblings, partners and in-laws, each in their place.' },
          { title: 'Private to your family', text: 'Only the members of your family can see the tree and what is attached to it.' },
          { title: 'On every screen', text: 'Explore it on a phone at the kitchen table or a big screen at a reunion.' },
        ],
      }}
      closing={{
        id: 'start-tree',
        title: 'Grow your family tree',
        text: 'Create your family circle and invite your relatives: each one who joins takes their place in the tree, with how they are related.',
        action: <StartButton>Start Your Tree</StartButton>,
      }}
    />
  );
}
