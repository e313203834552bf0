import { Link } from '@tanstack/react-router';
import * as styles from './bottom-tab-bar.css.ts';
import { tabBarItems } from './nav-items.ts';

/** Phones: the main places one thumb away, at the bottom of the screen. */
export function BottomTabBar() {
  return (
    <nav aria-label="Tab bar" className={styles.tabBar}>
      <ul className={styles.list}>
        {tabBarItems.map((item) => (
          <li key={item.to}>
            <Link to={item.to} className={styles.tab} activeOptions={{ exact: item.to === '/', includeSearch: false }}>
              <span className={styles.tabIcon}>
                <item.icon size="1.375rem" />
              </span>
              {item.label}
              {item.badge ? <item.badge corner /> : null}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
