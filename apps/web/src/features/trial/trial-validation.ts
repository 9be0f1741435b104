import { RegisterRequest } from '@opencrt/contracts';

export interface TrialForm {
  Username: string; Email: string; Password: string; ConfirmPassword: string;
  FirstName: string; LastName: string; CompanyName: string;
}

export const EMPTY_TRIAL: TrialForm = {
  Username: '', Email: '', Password: '', ConfirmPassword: '', FirstName: '', LastName: '', CompanyName: '',
};

/** Every problem of the form, in field order, with spec 000 §5's messages (the server's contract). */
export function validateTrial(form: TrialForm): string[] {
  const result = RegisterRequest.safeParse({ ...form, Roles: ['User'] });
  if (result.success) return [];
  return [...new Set(result.error.issues.map((i) => i.message))];
}
