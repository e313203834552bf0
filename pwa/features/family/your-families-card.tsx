import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { Button } from '../../ui/button.tsx';
import { Card } from '../../ui/card.tsx';
import { deviceSessionStore } from '../device-session/device-session-store.ts';
import { CreateFamilyForm } from './create-family-card.tsx';
import * as styles from './your-families-card.css.ts';
import { useSelectedFamily } from './selected-family.ts';

/**
 * Profile: the families this person is in, and a way to start another one: families with two sides (a mother's and
 * a father's) need it, and the spec's Create Family Group only shows to someone with no family yet.
 */
export function YourFamiliesCard() {
  const { db } = deviceSessionStore.use();
  return db ? <YourFamilies /> : null;
}

function YourFamilies() {
  const { families } = useSelectedFamily();
  const [starting, setStarting] = useState(false);
  const navigate = useNavigate();
  if (!families) return null;
  return (
    <Card as="section" aria-labelledby="your-families-title" className={styles.card}>
      <h2 id="your-families-title" className={styles.title}>
        Your Families
      </h2>
      {families.length > 0 ? (
        <ul className={styles.list}>
          {families.map((family) => (
            <li key={family.id}>{family.name}</li>
          ))}
        </ul>
      ) : (
        <p className={styles.muted}>You are not in a family yet.</p>
      )}
      {starting ? (
        <div className={styles.another}>
          <h3 className={styles.subtitle}>Start Another Family</h3>
          <p className={styles.muted}>
            You will be its admin and can invite whoever belongs in it. Switch between your families at the top of any
            screen.
          </p>
          <CreateFamilyForm onCreated={() => void navigate({ to: '/' })} />
        </div>
      ) : (
        <div>
          <Button variant="secondary" onClick={() => setStarting(true)}>
            Start Another Family
          </Button>
        </div>
      )}
    </Card>
  );
}
