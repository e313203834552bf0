import { Link } from '@tanstack/react-router';
import { HearthMark } from '../../ui/icons.tsx';
import { brand, brandWord } from './header.css.ts';

/** The logo: the Hearth mark and name, always leading home. */
export function BrandLink({ onClick }: { onClick?: () => void }) {
  return (
    <Link to="/" className={brand} onClick={onClick} activeOptions={{ exact: true }}>
      <HearthMark />
      <span className={brandWord}>Hearth</span>
    </Link>
  );
}
