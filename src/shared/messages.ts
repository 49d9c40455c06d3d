import { LIMITS } from './constants';

/**
 * Every validation message a person can meet, in one place: the forms show them and the API
 * answers them (docs/api.md, "Validation").
 */
export const MESSAGES = {
  name: `Name must be between ${LIMITS.nameMin} and ${LIMITS.nameMax} characters`,
  email: 'Please enter a valid email address',
  company: `Company must be at most ${LIMITS.companyMax} characters`,
  nameOneLine: 'Name must be on one line',
  companyOneLine: 'Company must be on one line',
  subject: 'Please select a subject',
  message: `Message must be between ${LIMITS.messageMin} and ${LIMITS.messageMax} characters`,
  privacy: 'You must agree to the privacy policy',
  username: 'Username is required',
  password: 'Password is required',
  code: 'Code must be 6 digits',
  factText: 'Fact must be at least 5 characters long',
  factTextMax: `Fact must be at most ${LIMITS.factTextMax} characters long`,
  source: 'Source must be at least 2 characters long',
  sourceMax: `Source must be at most ${LIMITS.sourceMax} characters long`,
  tagName: 'Tag name is required',
  tagNameOneLine: 'Tag name must be on one line',
  tagNameMax: `Tag name must be at most ${LIMITS.tagMax} characters`,
  order: 'Order must be a whole number of 0 or more',
  id: 'Id must be a positive whole number',
  text: 'Text contains a broken character (an unpaired surrogate) and cannot be stored',
  page: 'Page must be a positive whole number',
  search: `Search must be at most ${LIMITS.searchMax} characters`,
  searchNul: 'Search must not contain a NUL character',
  read: 'Read must be true or false',
} as const;
