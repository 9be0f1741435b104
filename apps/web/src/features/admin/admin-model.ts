/** Pure rules of the /admin screen, kept apart from React so they are unit-tested. */

/** Rows whose IsAssigned differs from what the server sent: the modals post only these (spec 002). */
export function changedRows<T extends { IsAssigned: boolean }>(original: readonly T[], edited: readonly T[], keyOf: (row: T) => string | number): T[] {
  const before = new Map(original.map((r) => [keyOf(r), r.IsAssigned]));
  return edited.filter((r) => before.get(keyOf(r)) !== r.IsAssigned);
}

/** Toggles one row; an owned scenario stays assigned (owned scenarios cannot be removed). */
export function toggleRow<T extends { IsAssigned: boolean; Owned?: boolean }>(rows: readonly T[], index: number): T[] {
  return rows.map((r, i) => (i !== index || (r.Owned && r.IsAssigned) ? r : { ...r, IsAssigned: !r.IsAssigned }));
}

export const ADMIN_NOTICES = {
  createFailed: (user: string) => `Failed to create the user ${user}.`,
  dealsLoadFailed: "Failed to load user's available deals.",
  scenariosLoadFailed: "Failed to load user's scenarios.",
  rolesFailed: "Failed to modify user's roles.",
  dealsFailed: "Failed to modify user's deals list.",
  scenariosFailed: "Failed to modify user's scenarios list.",
  resetFailed: "Failed to initiate user's password reset.",
  resetNoEmail: 'Make sure that a user has a confirmed email address.',
  infoFailed: "Failed to update user's info.",
  deleteFailed: 'Failed to delete the user.',
  assignAllFailed: (deal: string) => `Failed to assign ${deal} to all users.`,
  removeAllFailed: (deal: string) => `Failed to unassign the ${deal} to all users.`,
  catalogueFailed: 'Failed to load deal catalogue.',
  catalogueLoaded: 'Deal catalogue loaded.',
} as const;
