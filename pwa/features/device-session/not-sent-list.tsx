import { Suspense } from 'react';
import { preloadable } from '../../lib/preloadable.tsx';
import { useRefusedWrites } from './use-sync-state.ts';

/** Most visits have nothing refused: the list and its buttons come only when there is something to show. */
const refusedWriteList = preloadable(() =>
  import('./refused-write-list.tsx').then(({ RefusedWriteList }) => RefusedWriteList),
);

/** "Not sent" on Home, the tree and the sync panel: the writes the server refused, while there are any. */
export function NotSentList() {
  const rejected = useRefusedWrites();
  if (!rejected || rejected.length === 0) return null;
  return (
    <Suspense fallback={null}>
      <refusedWriteList.Component rejected={rejected} />
    </Suspense>
  );
}
