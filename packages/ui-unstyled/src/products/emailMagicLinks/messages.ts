/** The texts of the magic-link product's EmailConfirmation screen, in its chunk. Wording is the specification's. */
export const emailMagicLinksMessages = {
  // Email confirmation
  'emailConfirmation.title': 'Check your email',
  'emailConfirmation.description': 'An email was sent to {email}.',
  'emailConfirmation.openGmail': 'Open in Gmail',
  'emailConfirmation.openYahoo': 'Open in Yahoo',
  'emailConfirmation.openOutlook': 'Open in Outlook',
  'emailConfirmation.tryAgain': 'Try again',
  'emailConfirmation.createPassword': 'Create a password instead',
} as const;
