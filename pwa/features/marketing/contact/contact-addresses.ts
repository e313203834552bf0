import type { ContactAddresses } from '../../../../schema/public-forms.ts';
import { api } from '../../../lib/api-client.ts';
import { createExternalStore } from '../../../lib/external-store.ts';

/** What people write about to each address. The contact page and the legal pages list the addresses that are set. */
export const contactTopics = {
  privacy: {
    title: 'Privacy questions',
    text: 'Your data, deleting your account, a copy of what you shared, or a concern about a child under 13.',
  },
  support: {
    title: 'Help and support',
    text: 'Trouble signing in, something not working, or a question about how Hearth works.',
  },
  general: {
    title: 'General inquiries',
    text: 'Press, partnerships, or anything else you would like to tell the people behind Hearth.',
  },
} as const;

export type ContactTopic = keyof typeof contactTopics;

/** None until the server answers, as in the pages built ahead: they point to the contact form until then. */
const store = createExternalStore<ContactAddresses | null>(null);
let asked = false;

/**
 * The addresses whoever runs this Hearth set (sync-server/config.ts), asked once per page load: an address never
 * set is never shown, so no page lists one that reaches nobody.
 */
export function useContactAddresses(): ContactAddresses | null {
  if (!asked) {
    asked = true;
    api.get<ContactAddresses>('/api/public/contact-addresses').then(store.set, () => {
      // Asked again on the next page that wants them.
      asked = false;
    });
  }
  return store.use();
}

/** The topics with an address, in the order of `contactTopics`. */
export function addressedTopics(addresses: ContactAddresses | null): { topic: ContactTopic; email: string }[] {
  return (Object.keys(contactTopics) as ContactTopic[]).flatMap((topic) => {
    const email = addresses?.[topic];
    return email ? [{ topic, email }] : [];
  });
}
