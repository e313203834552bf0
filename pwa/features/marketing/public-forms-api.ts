import type { ContactMessageBody } from '../../../schema/requests.ts';
import type { EarlyAccessBody, NewsletterBody, SuggestionBody } from '../../../schema/public-forms.ts';
import { api } from '../../lib/api-client.ts';

/**
 * The public site's forms, stored by the server (product.md "Public forms"). Each answers 201 when kept, 400 with
 * field messages when refused, 429 with a sentence after a burst; the forms keep what the person typed on any
 * failure.
 */
export const publicFormsApi = {
  earlyAccess: (body: EarlyAccessBody) => api.post<void>('/api/public/early-access', body),
  newsletter: (body: NewsletterBody) => api.post<void>('/api/public/newsletter', body),
  suggestion: (body: SuggestionBody) => api.post<void>('/api/public/suggestions', body),
  contact: (body: ContactMessageBody) => api.post<void>('/api/contact', body),
};
