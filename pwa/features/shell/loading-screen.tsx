import { Spinner } from '../../ui/spinner.tsx';
import { loading } from './app-shell.css.ts';

/** Shown while we find out who is signed in (product.md §2). */
export function LoadingScreen() {
  return (
    <div className={loading} role="status">
      <Spinner size="2.5rem" />
      <p>Loading</p>
    </div>
  );
}
