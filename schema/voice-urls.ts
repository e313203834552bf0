/**
 * Where a voice note's playable sound is served (sync-server/routes/voice-routes.ts): in its family, so that a
 * database split by family asks one node (decision 0068). The bytes under an address never change.
 */
export function voiceAudioUrl(note: { id: string; familyId: string }): string {
  return `/api/families/${note.familyId}/voice-notes/${note.id}/audio`;
}
