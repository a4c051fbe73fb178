/** Who is looking: decides what members-only content is visible (000 §6). */
export interface Viewer {
  isMember: boolean;
}

export const ANONYMOUS: Viewer = { isMember: false };

export function canSee(viewer: Viewer, hiddenType: string): boolean {
  return hiddenType !== 'public_member_only' || viewer.isMember;
}
