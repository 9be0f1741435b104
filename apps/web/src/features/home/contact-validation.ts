import { ContactRequest } from '@opencrt/contracts';

export interface ContactForm {
  Type: string; FirstName: string; LastName: string; Company: string; Position: string;
  Email: string; PhoneNumber: string; Comments: string;
}

export const EMPTY_CONTACT: ContactForm = {
  Type: 'Trial', FirstName: '', LastName: '', Company: '', Position: '', Email: '', PhoneNumber: '', Comments: '',
};

/** Field → messages, from the same contract the server validates with (spec 000 §5 texts). */
export function validateContact(form: ContactForm): Partial<Record<keyof ContactForm, string[]>> {
  const result = ContactRequest.safeParse(form);
  if (result.success) return {};
  const errors: Partial<Record<keyof ContactForm, string[]>> = {};
  for (const issue of result.error.issues) {
    const field = issue.path[0] as keyof ContactForm;
    (errors[field] ??= []).push(issue.message);
  }
  return errors;
}

/**
 * Rows of the Comments box (spec 000 §2, §9: 3 to 6 rows): it grows with the lines typed,
 * from 3 up to 6, then scrolls.
 */
export function commentRows(text: string): number {
  return Math.min(6, Math.max(3, text.split('\n').length));
}
