import type { Sql } from '../database.ts';

/** What the public site's forms keep (product.md "Public forms"); the bodies arrive parsed by schema/. */
export function createPublicFormRepository(sql: Sql) {
  return {
    /** A repeat sign-up is no error and no second row: the person is on the list either way. */
    async addEarlyAccess(email: string): Promise<void> {
      await sql`insert into early_access_signups (email) values (${email}) on conflict (email) do nothing`;
    },

    async addNewsletter(email: string): Promise<void> {
      await sql`insert into newsletter_subscriptions (email) values (${email}) on conflict (email) do nothing`;
    },

    async addSuggestion(suggestion: { suggestion: string; email: string | null; name: string | null }): Promise<void> {
      await sql`
        insert into suggestions (suggestion, email, name)
        values (${suggestion.suggestion}, ${suggestion.email}, ${suggestion.name})
      `;
    },

    async addContactMessage(message: {
      fullName: string;
      email: string;
      messageType: string;
      subject: string;
      message: string;
    }): Promise<void> {
      await sql`
        insert into contact_messages (full_name, email, message_type, subject, message)
        values (${message.fullName}, ${message.email}, ${message.messageType}, ${message.subject}, ${message.message})
      `;
    },
  };
}

export type PublicFormRepository = ReturnType<typeof createPublicFormRepository>;
