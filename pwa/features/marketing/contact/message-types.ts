import { contactMessageTypes } from '../../../../schema/choices.ts';
import type { SelectOption } from '../../../ui/select-field.tsx';

type ContactMessageType = (typeof contactMessageTypes)[number];

const labels: Record<ContactMessageType, string> = {
  support: 'Support',
  privacy: 'Privacy',
  feedback: 'Feedback',
  business: 'Business',
  general: 'General',
  other: 'Other',
};

/** The contact form's six message types (product.md §2), in the spec's order, with the words people read. */
export const messageTypeOptions: readonly SelectOption[] = contactMessageTypes.map((value) => ({
  value,
  label: labels[value],
}));
