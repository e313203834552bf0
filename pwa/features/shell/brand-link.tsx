import { Link } from '@tanstack/react-router';
import { HearthMark } from '../../ui/icons.tsx';
import { brand } from './header.css.ts';

/** The logo: the Hearth mark and name, always leading home. */
export function BrandLink({ onClick }: { onClick?: () => void }) {
  return (
    <Link to="/" className={brand} onClick={onClick} activeOptions={{ exact: true }}>
      <HearthMark />
      Hearth
    </Link>
  );
}
