import { Link } from '@tanstack/react-router';
import * as styles from './bottom-tab-bar.css.ts';
import { tabBarItems } from './nav-items.ts';

/**
 * Phones: the main places one thumb away, at the bottom of the screen. Each tab is read by its full label; what it
 * shows narrows with the room there is (bottom-tab-bar.css.ts).
 */
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
              <span className={styles.label}>{item.label}</span>
              <span className={styles.shortLabel} aria-hidden="true">
                {item.shortLabel ?? item.label}
              </span>
              {item.badge ? <item.badge corner /> : null}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
