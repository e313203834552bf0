import { useId } from 'react';
import type { Tutorial } from './news-content.ts';
import * as styles from './tutorial-cover.css.ts';

/**
 * A tutorial's cover, drawn rather than downloaded: a warm gradient in the colour theme with a simple picture of what
 * the tutorial shows. Decorative; the card's title says what it is.
 */
export function TutorialCover({ kind }: { kind: Tutorial['thumbnail'] }) {
  const gradientId = useId();
  return (
    <svg viewBox="0 0 320 180" className={styles.thumbnail} aria-hidden="true" focusable="false">
      <defs>
        <linearGradient id={gradientId} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" className={styles.gradientStart} />
          <stop offset="1" className={styles.gradientEnd} />
        </linearGradient>
      </defs>
      <rect width="320" height="180" fill={`url(#${gradientId})`} />
      <circle cx="286" cy="28" r="54" className={styles.glow} />
      <circle cx="30" cy="170" r="70" className={styles.glow} />
      {kind === 'circle' ? <FamilyCircle /> : kind === 'photos' ? <PhotoStack /> : <CalendarPage />}
    </svg>
  );
}

/** Six people around a house: a family circle. */
function FamilyCircle() {
  const people = Array.from({ length: 6 }, (_, index) => {
    const angle = (index / 6) * Math.PI * 2 - Math.PI / 2;
    return { x: 160 + Math.cos(angle) * 62, y: 90 + Math.sin(angle) * 58 };
  });
  return (
    <g>
      <circle cx="160" cy="90" r="60" className={styles.dashed} />
      <path d="M138 102v-20l22-18 22 18v20z" className={styles.ink} />
      <rect x="154" y="88" width="12" height="14" rx="2" className={styles.paper} />
      {people.map((person, index) => (
        <g key={index}>
          <circle cx={person.x} cy={person.y - 6} r="7" className={index % 2 ? styles.accent : styles.ink} />
          <path
            d={`M${person.x - 11} ${person.y + 12}a11 10 0 0 1 22 0z`}
            className={index % 2 ? styles.accent : styles.ink}
          />
        </g>
      ))}
    </g>
  );
}

/** Three photos fanned out like prints on a table. */
function PhotoStack() {
  return (
    <g>
      <g transform="rotate(-10 120 95)">
        <rect x="72" y="50" width="96" height="84" rx="6" className={styles.paperEdge} />
        <rect x="80" y="58" width="80" height="56" rx="3" className={styles.faint} />
      </g>
      <g transform="rotate(8 200 95)">
        <rect x="152" y="46" width="96" height="84" rx="6" className={styles.paperEdge} />
        <rect x="160" y="54" width="80" height="56" rx="3" className={styles.faint} />
      </g>
      <g>
        <rect x="112" y="56" width="96" height="84" rx="6" className={styles.paperEdge} />
        <rect x="120" y="64" width="80" height="56" rx="3" className={styles.accent} />
        <path d="m120 120 26-28 16 14 12-10 26 24z" className={styles.ink} />
        <circle cx="182" cy="78" r="6" className={styles.paper} />
      </g>
    </g>
  );
}

/** A calendar page with one day circled and ticks for who is coming. */
function CalendarPage() {
  const days = Array.from({ length: 14 }, (_, index) => ({ x: 112 + (index % 7) * 16, y: 96 + Math.floor(index / 7) * 18 }));
  return (
    <g>
      <rect x="98" y="40" width="124" height="112" rx="10" className={styles.paperEdge} />
      <rect x="98" y="40" width="124" height="30" rx="10" className={styles.ink} />
      <rect x="98" y="58" width="124" height="12" className={styles.ink} />
      <path d="M126 32v18M194 32v18" className={styles.thickLine} />
      {days.map((day, index) => (
        <circle key={index} cx={day.x} cy={day.y} r="4" className={index === 10 ? styles.accent : styles.faint} />
      ))}
      <circle cx={days[10]!.x} cy={days[10]!.y} r="10" className={styles.ring} />
      <g transform="translate(236 112)">
        <circle r="22" className={styles.ink} />
        <path d="m-9 0 6 6 12-12" className={styles.tick} />
      </g>
    </g>
  );
}
