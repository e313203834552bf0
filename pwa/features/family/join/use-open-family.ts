import { useNavigate } from '@tanstack/react-router';
import { useSignedInUser } from '../../account/auth-store.ts';

/**
 * Shows a family the person just joined (or already belonged to) on home: remembered as the chosen family and, where
 * it has not reached this device yet, fetched first. The device database code comes with it, loaded only now:
 * visitors reading an invitation never download it.
 */
export function useOpenFamily(): (familyId: string) => Promise<void> {
  const user = useSignedInUser();
  const navigate = useNavigate();
  return async (familyId) => {
    try {
      const { bringFamilyHome } = await import('./bring-family-home.ts');
      await bringFamilyHome(user.id, familyId);
    } catch (error) {
      // Home still opens, and the family arrives there with the next sync.
      console.error('Could not bring the family onto this device', error);
    }
    await navigate({ to: '/' });
  };
}
