/**
 * Reads text aloud in the device's own voice (`speechSynthesis`), for eyes that tire of reading. Loaded on the first
 * tap, never with the feed. One reading at a time: a new one stops the last, whose
 * button hears `onDone` and shows "Read aloud" again.
 */
export function speak(text: string, onDone: () => void): () => void {
  const synthesis = window.speechSynthesis;
  synthesis.cancel();
  const utterance = new SpeechSynthesisUtterance(text);
  // The page's language, so the device picks a voice that pronounces it.
  utterance.lang = document.documentElement.lang || navigator.language;
  utterance.onend = onDone;
  utterance.onerror = onDone;
  synthesis.speak(utterance);
  return () => {
    // Cancelling ends this utterance, which calls `onDone`.
    if (synthesis.speaking) synthesis.cancel();
    else onDone();
  };
}
