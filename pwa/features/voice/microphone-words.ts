/** What the recorder says when it cannot hear the person, in plain words for the device in their hand. */

export type MicrophoneProblem = 'blocked' | 'noMicrophone' | 'unsupported' | 'busy';

function platform(): 'iphone' | 'android' | 'desktop' {
  const agent = navigator.userAgent;
  if (/iPhone|iPad|iPod/.test(agent) || (/Macintosh/.test(agent) && navigator.maxTouchPoints > 1)) return 'iphone';
  return /Android/.test(agent) ? 'android' : 'desktop';
}

const whereToAllow = {
  iphone:
    'On an iPhone or iPad: open Settings, then Safari (or Hearth, if you added it to your Home Screen), tap Microphone and choose Allow. Then try again.',
  android:
    'On Android: tap the icon at the left of the address bar (or hold the Hearth icon, then App info, then Permissions), allow the microphone, then try again.',
  desktop:
    'On a computer: click the icon at the left of the address bar, allow the microphone for this site, then try again.',
};

export function microphoneWords(problem: MicrophoneProblem): { title: string; text: string } {
  switch (problem) {
    case 'blocked':
      return { title: 'Hearth may not use the microphone', text: whereToAllow[platform()] };
    case 'noMicrophone':
      return { title: 'No microphone found', text: 'Connect a microphone or headset, then try again.' };
    case 'busy':
      return {
        title: 'The microphone is busy',
        text: 'Another app is using it. Close that app or end the call, then try again.',
      };
    case 'unsupported':
      return {
        title: 'This browser cannot record',
        text: 'Open Hearth in Chrome, Safari, Edge or Firefox to send voice notes.',
      };
  }
}

/** The problem a failed `getUserMedia` means. */
export function problemOf(error: unknown): MicrophoneProblem {
  const name = (error as { name?: string } | null)?.name;
  if (name === 'NotAllowedError' || name === 'SecurityError') return 'blocked';
  if (name === 'NotFoundError' || name === 'OverconstrainedError') return 'noMicrophone';
  if (name === 'NotReadableError' || name === 'AbortError') return 'busy';
  return 'unsupported';
}
