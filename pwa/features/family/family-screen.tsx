import { Fragment, type ReactNode } from 'react';
import type { SyncedFamily } from '../../../schema/sync.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { EmptyState } from '../../ui/empty-state.tsx';
import { Page, PageHeader } from '../../ui/page.tsx';
import { useFirstPullDone } from '../device-session/use-sync-state.ts';
import { CreateFamilyCard } from './create-family-card.tsx';
import { useSelectedFamily } from './selected-family.ts';

type FamilyScreenProps = {
  title: string;
  /** The screen's picture, on its No Family Groups state. */
  icon: ReactNode;
  /** Why a family is needed here, under No Family Groups. */
  noFamilyText: string;
  /** Shown until the device has heard from the server once: no family may only mean "not fetched yet". */
  loading: ReactNode;
  /** The screen for the selected family, started afresh when the person switches families. */
  children: (family: SyncedFamily) => ReactNode;
};

/**
 * A signed-in screen about the selected family (product.md §2, "Shared behaviour of events, chat and tree"): the
 * family's screen, or while loading its placeholders, or for someone in no family No Family Groups with a way to start
 * one.
 */
export function FamilyScreen({ title, icon, noFamilyText, loading, children }: FamilyScreenProps) {
  useDocumentTitle(title);
  const { families, selected } = useSelectedFamily();
  const firstPullDone = useFirstPullDone();
  return (
    <Page width="wide">
      {selected ? (
        <Fragment key={selected.id}>{children(selected)}</Fragment>
      ) : (
        <>
          <PageHeader title={title} />
          {families && firstPullDone ? (
            <>
              <EmptyState icon={icon} title="No Family Groups" text={noFamilyText} />
              <CreateFamilyCard />
            </>
          ) : (
            loading
          )}
        </>
      )}
    </Page>
  );
}
