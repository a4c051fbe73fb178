/** Auto-renew (docs/memberships.md#8-auto-renew Cancel auto-renew, docs/memberships.md#8-auto-renew; issue 12): the texts the server answers with and the web shows. */

/** docs/memberships.md#8-auto-renew `ask_to_autorenew`: "prompt" offers auto-renew in the membership form and shows it in My Account. */
export const ASK_TO_AUTORENEW_PROMPT = 'prompt';

export const AUTO_RENEW_TEXT = {
  /** docs/memberships.md#5-renewal: cancelling when the membership is not scheduled to renew. */
  notEnrolled: 'This membership is not set to renew automatically.',
  /** docs/memberships.md#8-auto-renew: cancelling while logged out without the e-mail's link. */
  notAuthenticated: 'Please log in, or open the link in your membership e-mail, to cancel automatic renewal.',
  cancelled: 'Automatic renewal is cancelled. Your membership stays valid until it ends.',
  offer: 'Renew automatically each year with this card',
  offerHint: 'We e-mail you before we charge your card. You can cancel at any time.',
  /** docs/accounts.md#my-account My Account: enrolling requires contacting the seller. */
  enrolByContact: 'To renew automatically, please contact us.',
} as const;
