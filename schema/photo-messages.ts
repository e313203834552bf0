import { limits } from './limits.ts';

/** The spec's photo and album toasts (§8, §9), kept apart from messages.ts so only the Photos screen loads them. */
export const photoToasts = {
  invalidFiles: { title: 'Invalid Files', description: 'Please select only image files.' },
  tooManyFiles: {
    title: 'Too Many Files',
    description: `Please select up to ${limits.photosPerSelection} images at a time.`,
  },
  noFilesSelected: { title: 'No Files Selected', description: 'Please select some photos to upload.' },
  fileTooLarge: (names: string) => ({
    title: 'Photos Too Large',
    description: `Each photo can be at most ${limits.photoMaxBytes / 1024 / 1024} MB: ${names}.`,
  }),
  uploaded: (count: number) => ({ title: `${count} photo(s) uploaded successfully!` }),
  savedOffline: (count: number) => ({
    title: 'Saved on this device',
    description: `${count} photo(s) will upload as soon as you're back online.`,
  }),
  uploadFailed: { title: 'Upload Failed', description: 'Failed to upload photos. Please try again.' },
  deviceFull: {
    title: 'This device is full',
    description: 'Free up some space, then press Upload again. Your photos are still chosen here.',
  },
  albumCreated: { title: 'Album created successfully!' },
  albumFailed: { title: 'Error', description: 'Failed to create album. Please try again.' },
  photoDeleted: { title: 'Photo deleted' },
} as const;
