/**
 * Where people can write to. Example addresses (the .example domain is reserved for documentation): whoever runs a
 * Hearth server puts their own here. The legal pages and the contact page both list these three.
 */
export const contactAddresses = {
  privacy: {
    email: 'privacy@hearth.example',
    title: 'Privacy questions',
    text: 'Your data, deleting your account, a copy of what you shared, or a concern about a child under 13.',
  },
  support: {
    email: 'support@hearth.example',
    title: 'Help and support',
    text: 'Trouble signing in, something not working, or a question about how Hearth works.',
  },
  general: {
    email: 'hello@hearth.example',
    title: 'General inquiries',
    text: 'Press, partnerships, or anything else you would like to tell the people behind Hearth.',
  },
} as const;

export type ContactTopic = keyof typeof contactAddresses;
