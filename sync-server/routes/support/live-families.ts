/**
 * The families one live stream pokes for. A stream re-reads them whenever its user joins or leaves a family, and two
 * such changes in a row start two reads that may finish in either order: an answer is kept only when it is newer
 * than the one in use, so an older read finishing last never brings back a family the user left.
 */
export function createLiveFamilies(readFamilyIds: () => Promise<string[]>) {
  let readsStarted = 0;
  let inUse = 0;
  let familyIds = new Set<string>();
  return {
    has(familyId: string): boolean {
      return familyIds.has(familyId);
    },
    ids(): string[] {
      return [...familyIds];
    },
    async refresh(): Promise<void> {
      const read = ++readsStarted;
      const answer = await readFamilyIds();
      if (read < inUse) return;
      inUse = read;
      familyIds = new Set(answer);
    },
  };
}
