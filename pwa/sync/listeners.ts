/**
 * Whoever wants to hear of one kind of event (a write the server refused). A listener that throws (a broken toast) is
 * logged, and the others, and the sync that told them, carry on.
 */
export function createListeners<Event>() {
  const listeners = new Set<(event: Event) => void>();
  return {
    /** Answers the function that unsubscribes. */
    add(listener: (event: Event) => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    tell(event: Event): void {
      for (const listener of listeners) {
        try {
          listener(event);
        } catch (error) {
          console.error(error);
        }
      }
    },
    clear(): void {
      listeners.clear();
    },
  };
}
